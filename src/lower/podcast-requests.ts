import { PODCAST_PATH } from "../contract/paths.js";
import type { Origin, PlannedPodcast } from "./plan.js";
import { requestKey } from "./request-key.js";
import type { LoweredTurn } from "./turns.js";

// A segment's turns are cut greedily into requests: a request ends when it holds `turnsPerRequest` turns, or when the
// next turn would bring in one voice more than `voicesPerRequest` (a panel of three voices is several two-voice
// conversations, in order). A request that continues its segment says in its origin which limit cut it, so the
// boundaries show in `podc compile`.

export interface RequestLimits {
  turnsPerRequest: number;
  voicesPerRequest: number;
}

/** The podcast requests of one segment's turns, each within both limits (each at least 1). */
export function podcastRequests(turns: readonly LoweredTurn[], limits: RequestLimits, section: string | undefined): PlannedPodcast[] {
  const requests: PlannedPodcast[] = [];
  let batch: LoweredTurn[] = [];
  let voices = new Set<string>();
  let cutBy: Origin["cutBy"];
  const flush = (next: Origin["cutBy"]) => {
    if (batch.length > 0) requests.push(request(batch, section, cutBy));
    batch = [];
    voices = new Set();
    cutBy = next;
  };
  for (const turn of turns) {
    if (batch.length >= limits.turnsPerRequest) flush("turnsPerRequest");
    else if (!voices.has(turn.voice) && voices.size >= limits.voicesPerRequest) flush("voicesPerRequest");
    batch.push(turn);
    voices.add(turn.voice);
  }
  flush(undefined);
  return requests;
}

function request(batch: LoweredTurn[], section: string | undefined, cutBy: Origin["cutBy"]): PlannedPodcast {
  const start = batch[0]!;
  // Key order text, voice: the body is sent as built.
  const body = { conversations: batch.map((turn) => ({ text: turn.text, voice: turn.voice })) };
  const origin: Origin = { line: start.line };
  if (section !== undefined) origin.section = section;
  if (cutBy !== undefined) origin.cutBy = cutBy;
  return { key: requestKey("POST", PODCAST_PATH, body), kind: "podcast", method: "POST", path: PODCAST_PATH, body, origin };
}
