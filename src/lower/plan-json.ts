import { jsonString } from "../contract/canonical-json.js";
import { requestKeyOfCanonical } from "../contract/request-key.js";
import type { Plan, PlannedPodcast, PlannedRequest } from "./plan.js";

// What `podc compile` prints: the plan exactly as JSON.stringify(plan, null, 2) writes it, made a batch of requests at
// a time as analyze() hands them out (its onRequests). Two costs of a long script go away so:
// - Its requests are serialized while they are young, and only their text is kept: held whole until the end, millions
//   of objects were each copied by the garbage collector as they aged.
// - A podcast request, nearly every request of a plan, is written here rather than by JSON.stringify, which escapes a
//   string character by character and did so twice for every turn (once for the key's canonical JSON, once for the
//   print). Each turn's text is escaped once (jsonString), for both; the key is hashed from that canonical JSON.
// The test beside this one compares the text with JSON.stringify's on every kind of script and on hostile text.

/** The members of a plan's `requests` printed in a plan of their own: cut from it, they are indented as in the whole. */
const HEAD = '{\n  "requests": [\n';
const TAIL = "\n  ]\n}";
const REQUESTS = '"requests": []';

/**
 * Requests' texts are joined into one string once this many characters are pending: large enough that the string is
 * made in V8's large-object space (never copied by a young collection) and the command line writes it in few calls.
 */
const BATCH = 1 << 18;

export class PlanJson {
  /** Requests' texts, joined a batch at a time. */
  private readonly batches: string[] = [];
  /** Requests' texts not yet joined, and their length. */
  private pending: string[] = [];
  private pendingLength = 0;
  /** Voices and speakers, escaped: a plan has a handful, on every turn. */
  private readonly names = new Map<string, string>();

  /** Takes the next requests of the plan, in order. */
  add(requests: readonly PlannedRequest[]): void {
    for (const request of requests) {
      const text = request.kind === "podcast" ? this.podcast(request) : other(request);
      this.pending.push(text);
      this.pendingLength += text.length;
      if (this.pendingLength >= BATCH) this.join();
    }
  }

  /** Joins the pending texts into one flat string: the pieces each was concatenated from are garbage at once. */
  private join(): void {
    if (this.pending.length > 0) this.batches.push(this.pending.join(",\n"));
    this.pending = [];
    this.pendingLength = 0;
  }

  /**
   * The plan's JSON, in pieces to be written in order, given the plan of the requests added (any it holds itself come
   * after them): exactly what JSON.stringify(plan, null, 2) writes of the plan with all of them.
   */
  pieces(plan: Plan): string[] {
    this.add(plan.requests);
    this.join();
    const empty = JSON.stringify({ ...plan, requests: [] }, null, 2);
    if (this.batches.length === 0) return [empty];
    // `"requests": []` unquoted is the member: in a string value its quotes would be escaped.
    const at = empty.lastIndexOf(REQUESTS);
    const pieces = [empty.slice(0, at), '"requests": [\n'];
    this.batches.forEach((batch, i) => (i === 0 ? pieces.push(batch) : pieces.push(",\n", batch)));
    pieces.push(`\n  ]${empty.slice(at + REQUESTS.length)}`);
    return pieces;
  }

  /** A podcast request as a plan prints it, members in the order the request has them (lower/podcast.ts). */
  private podcast(request: PlannedPodcast): string {
    const turns = request.body.conversations;
    let canonical = '{"conversations":[';
    let printed = "";
    for (let i = 0; i < turns.length; i++) {
      const turn = turns[i]!;
      const text = jsonString(turn.text);
      const voice = this.name(turn.voice);
      canonical += (i === 0 ? '{"text":' : ',{"text":') + text + ',"voice":' + voice + "}";
      printed += (i === 0 ? "" : ",\n") + '          {\n            "text": ' + text + ',\n            "voice": ' + voice + "\n          }";
    }
    canonical += "]}";
    const key = requestKeyOfCanonical(request.method, request.path, canonical);
    let speakers = "";
    for (let i = 0; i < request.speakers.length; i++) speakers += (i === 0 ? "\n        " : ",\n        ") + this.name(request.speakers[i]!);
    return (
      '    {\n      "key": "' +
      key +
      '",\n      "kind": "podcast",\n      "method": ' +
      jsonString(request.method) +
      ',\n      "path": ' +
      jsonString(request.path) +
      ',\n      "body": {\n        "conversations": ' +
      (printed === "" ? "[]" : "[\n" + printed + "\n        ]") +
      '\n      },\n      "origin": ' +
      flat(request.origin as unknown as Record<string, unknown>) +
      ',\n      "speakers": ' +
      (speakers === "" ? "[]" : "[" + speakers + "\n      ]") +
      "\n    }"
    );
  }

  private name(name: string): string {
    let escaped = this.names.get(name);
    if (escaped === undefined) {
      escaped = jsonString(name);
      if (this.names.size < MAX_NAMES) this.names.set(name, escaped);
    }
    return escaped;
  }
}

const MAX_NAMES = 1024;

/** Any other request (a song: one per song of the script), as JSON.stringify writes it at its depth. */
function other(request: PlannedRequest): string {
  const json = JSON.stringify({ requests: [request] }, null, 2);
  return json.slice(HEAD.length, json.length - TAIL.length);
}

/**
 * A request's origin as JSON.stringify(…, null, 2) writes it as a member of the request: its members are strings and
 * numbers, one on every request, and JSON.stringify and a re-indent were a tenth of what printing costs.
 */
function flat(origin: Record<string, unknown>): string {
  let out = "";
  for (const name in origin) {
    const value = origin[name];
    if (value === undefined) continue;
    const json = typeof value === "string" ? jsonString(value) : JSON.stringify(value, null, 2).replaceAll("\n", "\n        ");
    out += (out === "" ? "\n        " : ",\n        ") + jsonString(name) + ": " + json;
  }
  return out === "" ? "{}" : "{" + out + "\n      }";
}
