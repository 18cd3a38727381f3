import type { PodcastRequest } from "../contract/requests.js";

// Lowering looks at every turn's text once, to measure it; a text that needs no escape in JSON is told by the same
// look (needsNoEscape). A podcast body whose texts all are is marked here, so that printing the plan (plan-json.ts)
// need not look at each text again. Beside the bodies, not in them: a body is exactly what is sent.

const marked = new WeakSet<PodcastRequest>();

/** Marks `body`, whose every text the caller knows needs no escape in JSON. */
export function markEscapeFree(body: PodcastRequest): void {
  marked.add(body);
}

/** Whether `body` was marked: every text of it then needs no escape in JSON. */
export function isEscapeFree(body: PodcastRequest): boolean {
  return marked.has(body);
}
