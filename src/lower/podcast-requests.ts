import { PODCAST_PATH } from "../contract/paths.js";
import type { Origin, PlannedPodcast } from "./plan.js";
import { requestKey } from "./request-key.js";
import type { LoweredTurn } from "./turns.js";

// A segment's turns are cut greedily: every request but the last holds exactly `turnsPerRequest` turns.
// A segment with more distinct voices than allowed is an error reported by the checks; here it is still
// lowered, so lowering never fails on a tree the checks would reject.

/** The podcast requests of one segment's turns, at most `turnsPerRequest` (≥ 1) turns each. */
export function podcastRequests(turns: readonly LoweredTurn[], turnsPerRequest: number, section: string | undefined): PlannedPodcast[] {
  const requests: PlannedPodcast[] = [];
  for (let first = 0; first < turns.length; first += turnsPerRequest) {
    const batch = turns.slice(first, first + turnsPerRequest);
    const start = batch[0];
    if (start === undefined) break;
    // Key order text, voice: the body is sent as built.
    const body = { conversations: batch.map((turn) => ({ text: turn.text, voice: turn.voice })) };
    const origin: Origin = section === undefined ? { line: start.line } : { line: start.line, section };
    requests.push({ key: requestKey("POST", PODCAST_PATH, body), kind: "podcast", method: "POST", path: PODCAST_PATH, body, origin });
  }
  return requests;
}
