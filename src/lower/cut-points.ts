// Where a segment's turns are cut into podcast requests. A request is paid for by its content, so a cut that moves
// re-bills every request it moves through: filling requests from the top made one inserted turn shift every later
// request of its section. Here most cuts are decided by the content of a single turn — a request ends after a turn
// whose hash is 0 modulo CONTENT_DIVISOR — so an edit moves only the cuts at the turn it changes, and the requests
// after it keep their turns (and their keys) whatever happened before them. A request that reaches the service's
// `turnsPerRequest` without such a turn is cut after its last turn whose hash is 0 modulo BACKUP_DIVISOR (itself
// content-defined, so the requests after it still line up again at the next content cut), or, with none, at the
// limit. A turn that would bring in one voice more than `voicesPerRequest` starts a new request, as before. The
// reasons and the figures are in docs/run.md ("Where a section is cut into requests").

/** What ended a request: a content cut point, or one of the service's limits reached. */
export type CutBy = "content" | "turnsPerRequest" | "voicesPerRequest";

/** A request's turns [from, to) and what ended the request before it (none for a segment's first). */
export interface Cut {
  from: number;
  to: number;
  after?: CutBy;
}

export interface RequestLimits {
  turnsPerRequest: number;
  voicesPerRequest: number;
}

/** A turn's voice and spoken text: all of it that reaches the service, so all that its cut point depends on. */
export interface CutTurn {
  voice: string;
  text: string;
}

// 1 turn in 6 ends a request: about 6 turns a request where the limit is 10. Fewer cut points mean fewer, fuller
// requests but more of them reaching the limit, whose cuts are less stable; 6 and 2 kept the re-billed requests of
// 95 % of one-turn edits at 2 or fewer on long two-host sections (bench row `requests`).
const CONTENT_DIVISOR = 6;
const BACKUP_DIVISOR = 2;

/**
 * The requests of `turns`, in order, covering every turn once, each within both limits (each at least 1). The same
 * turns give the same cuts on every machine: the hash reads the text's UTF-16 code units, nothing of the machine.
 */
export function cutTurns(turns: readonly CutTurn[], limits: RequestLimits): Cut[] {
  // A section that fits in one request is one: cutting it would cost a request more and make an edit of it re-bill two
  // where one request re-bills one.
  if (fitsOne(turns, limits)) return turns.length === 0 ? [] : [{ from: 0, to: turns.length }];
  const cuts: Cut[] = [];
  const voices = new Set<string>();
  let from = 0;
  let after: CutBy | undefined;
  // The last turn of the request being filled after which a backup cut may fall, or -1.
  let backup = -1;
  const end = (to: number, by: CutBy): void => {
    cuts.push(after === undefined ? { from, to } : { from, to, after });
    from = to;
    after = by;
    backup = -1;
    voices.clear();
  };
  for (let i = 0; i < turns.length; i++) {
    const turn = turns[i]!;
    if (!voices.has(turn.voice) && voices.size >= limits.voicesPerRequest) end(i, "voicesPerRequest");
    voices.add(turn.voice);
    const hash = turnHash(turn);
    if (hash % CONTENT_DIVISOR === 0) {
      end(i + 1, "content");
      continue;
    }
    if (hash % BACKUP_DIVISOR === 0) backup = i;
    if (i + 1 - from >= limits.turnsPerRequest) {
      // Cut after the backup turn and read the turns after it again, as the next request's first.
      const to = backup >= 0 ? backup + 1 : i + 1;
      end(to, "turnsPerRequest");
      i = to - 1;
    }
  }
  if (from < turns.length) end(turns.length, "content");
  return cuts;
}

function fitsOne(turns: readonly CutTurn[], limits: RequestLimits): boolean {
  if (turns.length > limits.turnsPerRequest) return false;
  const voices = new Set<string>();
  for (const turn of turns) voices.add(turn.voice);
  return voices.size <= limits.voicesPerRequest;
}

/**
 * FNV-1a over the voice, a separator and the text, as UTF-16 code units, then MurmurHash3's finalizer so that its low
 * bits (what the divisors read) depend on every unit. A hash of podc's own, not node:crypto's: it is part of what
 * requests a script makes, so it must never change with a runtime, and it costs no module load.
 */
function turnHash(turn: CutTurn): number {
  let h = 0x811c9dc5;
  h = mix(h, turn.voice);
  h = Math.imul(h ^ 0x0a, 0x01000193);
  h = mix(h, turn.text);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mix(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}
