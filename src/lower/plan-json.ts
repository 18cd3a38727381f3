import { jsonString, memberName, needsNoEscape } from "../contract/canonical-json.js";
import { PODCAST_PATH } from "../contract/paths.js";
import { canonicalAround, requestKeyOfCanonicalRequest } from "../contract/request-key.js";
import { isEscapeFree } from "./escape-free.js";
import type { Origin, Plan, PlannedPodcast, PlannedRequest } from "./plan.js";

// What `podc compile` prints: the plan exactly as JSON.stringify(plan, null, 2) writes it, made a batch of requests at
// a time as analyze() hands them out (its onRequests). Two costs of a long script go away so:
// - Its requests are serialized while they are young, and only their text is kept: held whole until the end, millions
//   of objects were each copied by the garbage collector as they aged.
// - A podcast request, nearly every request of a plan, is written here rather than by JSON.stringify, which escapes a
//   string character by character and did so twice for every turn (once for the key's canonical JSON, once for the
//   print). Each turn's text is escaped once (jsonString), for both; the key is hashed from that canonical JSON,
//   written around the body as for the request's own `key` (contract/request-key.ts), which is not read here: its
//   JSON.stringify of the body, escaping every text a second time, made compile slower on 20 MB scripts.
// The test beside this one compares the text with JSON.stringify's on every kind of script and on hostile text.

/** The members of a plan's `requests` printed in a plan of their own: cut from it, they are indented as in the whole. */
const HEAD = '{\n  "requests": [\n';
const TAIL = "\n  ]\n}";
const REQUESTS = '"requests": []';

/**
 * Requests' pieces are joined in two steps. Once this many characters are pending, into one string: soon enough that
 * the pieces, just made, are still in the processor's cache when they are copied (joined a batch at a time, reading
 * them back cost several times the copy on scripts of short lines, whose pieces are many and small).
 */
const PART = 1 << 14;
/**
 * Then, once this many characters are in parts, the parts into one batch: large enough that the string is made in
 * V8's large-object space (never copied by a young collection) and the command line writes it in few calls.
 */
const BATCH = 1 << 18;

export class PlanJson {
  /** The text so far, joined a batch at a time. */
  private readonly batches: string[] = [];
  /** Pieces of text not yet joined, and their length. */
  private pending: string[] = [];
  private pendingLength = 0;
  /** Pieces joined, not yet into a batch, and their length. */
  private parts: string[] = [];
  private partsLength = 0;
  private requests = 0;
  private ended = false;
  /** Voices and speakers, escaped, with what follows a voice in a turn: a plan has a handful, on every turn. */
  private readonly names = new Map<string, Name>();

  /** Takes the next requests of the plan, in order. */
  add(requests: readonly PlannedRequest[]): void {
    if (this.ended) throw new Error("PlanJson.add() after pieces(): the plan was already printed");
    for (const request of requests) {
      if (this.requests++ > 0) this.write(",\n");
      if (request.kind === "podcast") this.podcast(request);
      else this.write(other(request));
      if (this.pendingLength >= PART) this.join(false);
    }
  }

  /**
   * The plan's JSON, in pieces to be written in order, given the plan of the requests added (any it holds itself come
   * after them): exactly what JSON.stringify(plan, null, 2) writes of the plan with all of them. Ends the print: no
   * request may be added after it.
   */
  pieces(plan: Plan): string[] {
    if (this.ended) throw new Error("PlanJson.pieces() was already called: a plan is printed once");
    this.add(plan.requests);
    this.join(true);
    this.ended = true;
    const empty = JSON.stringify({ ...plan, requests: [] }, null, 2);
    if (this.batches.length === 0) return [empty];
    // `"requests": []` unquoted is the member: in a string value its quotes would be escaped.
    const at = empty.lastIndexOf(REQUESTS);
    return [empty.slice(0, at), '"requests": [\n', ...this.batches, `\n  ]${empty.slice(at + REQUESTS.length)}`];
  }

  private write(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
  }

  /**
   * Joins the pending pieces into one flat string, made once (no piece is concatenated to another before), and the
   * parts so made into a batch once they are long enough, or at the `end`.
   */
  private join(end: boolean): void {
    if (this.pending.length > 0) {
      const part = this.pending.join("");
      this.parts.push(part);
      this.partsLength += part.length;
      this.pending = [];
      this.pendingLength = 0;
    }
    if (this.parts.length > 0 && (end || this.partsLength >= BATCH)) {
      this.batches.push(this.parts.join(""));
      this.parts = [];
      this.partsLength = 0;
    }
  }

  /**
   * A podcast request as a plan prints it, members in the order the request has them (lower/podcast.ts). Each turn's
   * text is looked at once, and written into the key's canonical JSON and the print as pieces, never concatenated: the
   * print's pieces go straight to the pending text, after a slot kept for the request's head, which holds the key.
   */
  private podcast(request: PlannedPodcast): void {
    const turns = request.body.conversations;
    const escapeFree = isEscapeFree(request.body);
    const canonical = [PODCAST_AROUND.head, '{"conversations":['];
    const head = this.pending.length;
    this.pending.push("");
    let printed = 0;
    // A turn is written as two pieces, what comes before its text and the text: what ends the turn before (its voice)
    // and opens this one is one piece, a voice's `between`.
    let last: Name | undefined;
    let lastAsIs = false;
    for (let i = 0; i < turns.length; i++) {
      const turn = turns[i]!;
      // As it is, between quotes written here, when it needs no escape; else as JSON.stringify writes it.
      const asIs = escapeFree || needsNoEscape(turn.text);
      const text = asIs ? turn.text : JSON.stringify(turn.text);
      const before = last === undefined ? (asIs ? FIRST_QUOTED : FIRST) : last.between[(lastAsIs ? 2 : 0) + (asIs ? 1 : 0)]!;
      canonical.push(before.canonical, text);
      this.pending.push(before.printed, text);
      printed += before.printed.length + text.length;
      last = this.name(turn.voice);
      lastAsIs = asIs;
    }
    if (last !== undefined) {
      const close = last.close[lastAsIs ? 1 : 0]!;
      canonical.push(close.canonical);
      this.pending.push(close.printed);
      printed += close.printed.length;
    }
    canonical.push("]}", PODCAST_AROUND.tail);
    const key = requestKeyOfCanonicalRequest(canonical.join(""));
    const opening =
      '    {\n      "key": "' +
      key +
      '",\n      "kind": "podcast",\n      "method": ' +
      jsonString(request.method) +
      ',\n      "path": ' +
      jsonString(request.path) +
      ',\n      "body": {\n        "conversations": ' +
      (turns.length === 0 ? "[]" : "[\n");
    this.pending[head] = opening;
    this.pendingLength += opening.length + printed;
    let speakers = "";
    for (let i = 0; i < request.speakers.length; i++) speakers += (i === 0 ? "\n        " : ",\n        ") + this.name(request.speakers[i]!).json;
    this.write(
      (turns.length === 0 ? "" : "\n        ]") +
        '\n      },\n      "origin": ' +
        flat(request.origin) +
        ',\n      "speakers": ' +
        (speakers === "" ? "[]" : "[" + speakers + "\n      ]") +
        "\n    }",
    );
  }

  private name(name: string): Name {
    let known = this.names.get(name);
    if (known === undefined) {
      const json = jsonString(name);
      const close = [piece([',"voice":', json, "}"], [',\n            "voice": ', json, "\n          }"])];
      close.push(piece(['"', close[0]!.canonical], ['"', close[0]!.printed]));
      const between = close.flatMap((end) => [NEXT, NEXT_QUOTED].map((next) => piece([end.canonical, next.canonical], [end.printed, next.printed])));
      known = { json, close, between };
      if (this.names.size < MAX_NAMES) this.names.set(name, known);
    }
    return known;
  }
}

/**
 * A name as JSON, and as the voice of a turn: what ends the turn after its text, and that followed by what opens the
 * next turn up to its text. Indexed by whether the text was written as it is, between quotes written here (1), or by
 * JSON.stringify (0); `between` by the two of this turn and the next (2 × this + next).
 */
interface Name {
  json: string;
  close: Piece[];
  between: Piece[];
}

/** The same text in the key's canonical JSON and in the print. */
interface Piece {
  canonical: string;
  printed: string;
}

/**
 * A piece made by joining its parts: a joined string is one flat string, which joining it again copies at once, where
 * one made by `+` is a tree of its parts walked every time. A voice's pieces are written on every turn.
 */
function piece(canonical: string[], printed: string[]): Piece {
  return { canonical: canonical.join(""), printed: printed.join("") };
}

// How a turn opens, up to its text (and the quote that opens it, when the text is written as it is): the first turn
// of a request, or any after it.
const FIRST: Piece = { canonical: '{"text":', printed: '          {\n            "text": ' };
const FIRST_QUOTED: Piece = { canonical: '{"text":"', printed: '          {\n            "text": "' };
const NEXT: Piece = { canonical: ',{"text":', printed: ',\n          {\n            "text": ' };
const NEXT_QUOTED: Piece = { canonical: ',{"text":"', printed: ',\n          {\n            "text": "' };

const MAX_NAMES = 1024;

/** What a podcast request's canonical JSON has around its body's: every podcast request has the same method and path. */
const PODCAST_AROUND = canonicalAround("POST", PODCAST_PATH);

/** Any other request (a song: one per song of the script), as JSON.stringify writes it at its depth. */
function other(request: PlannedRequest): string {
  const json = JSON.stringify({ requests: [request] }, null, 2);
  return json.slice(HEAD.length, json.length - TAIL.length);
}

/**
 * A request's origin as JSON.stringify(…, null, 2) writes it as a member of the request. Its members are strings and
 * numbers (plan.ts), one on every request, and JSON.stringify and a re-indent were a tenth of what printing cost.
 */
function flat(origin: Origin): string {
  let out = "";
  for (const name in origin) {
    const value = origin[name as keyof Origin];
    if (value === undefined) continue;
    out += (out === "" ? "\n        " : ",\n        ") + memberName(name) + " " + (typeof value === "string" ? jsonString(value) : numberJson(value));
  }
  return out === "" ? "{}" : "{" + out + "\n      }";
}

/** A number as JSON writes it: as String() does, or null when it is not finite. */
function numberJson(value: number): string {
  return Number.isFinite(value) ? String(value) : "null";
}
