import type { PlannedRequest } from "../lower/plan.js";
import { alignTurns, speechBounds, type AlignOptions, type TurnAlignment } from "./align.js";
import type { SegmentCache } from "./segment-cache.js";

/*
 * The script's pauses in the mix. A request is a whole conversation, so a pause written between two of its turns
 * cannot be a cut in the request without paying for one request more and losing the voices' give and take; instead the
 * turns are aligned to the audio (align.ts), and at the boundary the voices' own pause is taken out and exactly the
 * written silence put in. A pause before a request (at the start of a section, around a song) replaces the gap there,
 * and the lead-in and tail of silence the service leaves around speech are trimmed on that side, so that the silence
 * heard is the silence written. Nothing here is sent or paid: a pause changed is only mixed again.
 */

/** A stretch of a clip as the mix plays it: a part of the file, or silence. */
export type Stretch = { fromMs: number; toMs: number } | { silenceMs: number };

/** How a clip's file is played when pauses change it: its stretches in order, and its turns' starts in the clip. */
export interface ClipEdit {
  stretches: Stretch[];
  /** Where each turn of a podcast request starts in the edited clip, in ms from its start. */
  turnStartsMs?: number[];
}

/** A piece of audio of the episode, as the timeline takes it. */
export interface MeasuredPiece {
  request: PlannedRequest;
  path: string;
  durationMs: number;
}

/**
 * `pieces` with the edits their pauses ask for, and each edited piece's new duration; pieces no pause touches are
 * returned as they are. Never throws: where the audio cannot be aligned, the boundary is placed by proportion.
 */
export async function withPauses<P extends MeasuredPiece>(
  pieces: readonly P[],
  options: AlignOptions & { cache?: SegmentCache },
): Promise<(P & { edit?: ClipEdit })[]> {
  const aligned = new Map<string, Promise<TurnAlignment>>();
  const alignmentOf = (piece: P) => {
    const turns = piece.request.kind === "podcast" ? piece.request.body.conversations : [];
    let found = aligned.get(piece.path);
    if (found === undefined) {
      const align = () => alignTurns(piece.path, turns, piece.durationMs, options);
      const settings = { turns: turns.map((turn) => turn.text), durationMs: piece.durationMs, wordsPerMinute: options.wordsPerMinute };
      aligned.set(piece.path, (found = options.cache ? options.cache.remember("turn-alignment", piece.path, settings, align) : align()));
    }
    return found;
  };
  const out: (P & { edit?: ClipEdit })[] = [];
  for (const [i, piece] of pieces.entries()) {
    const request = piece.request;
    const lead = i === 0 ? (request.pauseBeforeMs ?? 0) : 0;
    const inner = request.kind === "podcast" ? (request.pauses ?? []) : [];
    const trimHead = request.kind === "podcast" && request.pauseBeforeMs !== undefined;
    const trimTail = request.kind === "podcast" && pieces[i + 1]?.request.pauseBeforeMs !== undefined;
    if (lead === 0 && inner.length === 0 && !trimHead && !trimTail) {
      out.push(piece);
      continue;
    }
    const alignment: TurnAlignment = request.kind === "podcast" ? await alignmentOf(piece) : { starts: [0], pauseStarts: [0] };
    const whole = { startMs: 0, endMs: piece.durationMs };
    const bounds = () => speechBounds(piece.path, piece.durationMs, options.ffmpeg);
    const speech = !(trimHead || trimTail)
      ? whole
      : await (options.cache ? options.cache.remember("speech-bounds", piece.path, { durationMs: piece.durationMs }, bounds) : bounds());
    const edit = editOf(piece.durationMs, alignment, speech, { lead, inner, trimHead, trimTail });
    out.push({ ...piece, durationMs: editedMs(edit.stretches), edit });
  }
  return out;
}

/** The edit of a file of `durationMs` aligned as `alignment`, its sound between `speech`'s bounds. */
function editOf(
  durationMs: number,
  alignment: TurnAlignment,
  speech: { startMs: number; endMs: number },
  wanted: { lead: number; inner: readonly { beforeTurn: number; ms: number }[]; trimHead: boolean; trimTail: boolean },
): ClipEdit {
  const stretches: Stretch[] = [];
  if (wanted.lead > 0) stretches.push({ silenceMs: wanted.lead });
  let cursor = wanted.trimHead ? clamp(speech.startMs, 0, durationMs) : 0;
  for (const pause of wanted.inner) {
    const end = clamp(alignment.pauseStarts[pause.beforeTurn] ?? cursor, cursor, durationMs);
    const next = clamp(alignment.starts[pause.beforeTurn] ?? end, end, durationMs);
    if (end > cursor) stretches.push({ fromMs: cursor, toMs: end });
    stretches.push({ silenceMs: pause.ms });
    cursor = next;
  }
  const last = wanted.trimTail ? clamp(speech.endMs, cursor, durationMs) : durationMs;
  if (last > cursor) stretches.push({ fromMs: cursor, toMs: last });
  const edit: ClipEdit = { stretches };
  if (alignment.starts.length > 1) edit.turnStartsMs = alignment.starts.map((start, i) => (i === 0 ? 0 : placed(start, stretches)));
  return edit;
}

/** Where the file's moment `ms` is heard in the edited clip: a moment taken out is heard where the next sound starts. */
function placed(ms: number, stretches: readonly Stretch[]): number {
  let at = 0;
  for (const stretch of stretches) {
    if ("silenceMs" in stretch) {
      at += stretch.silenceMs;
      continue;
    }
    if (ms < stretch.fromMs) return at;
    if (ms < stretch.toMs) return at + ms - stretch.fromMs;
    at += stretch.toMs - stretch.fromMs;
  }
  return at;
}

/** How long the stretches last together. */
function editedMs(stretches: readonly Stretch[]): number {
  return stretches.reduce((sum, s) => sum + ("silenceMs" in s ? s.silenceMs : s.toMs - s.fromMs), 0);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * The filters that play `source` (a file's audio, already at `rate` in the mix's format) as `edit` says, ending in the
 * label `out`: each part of the file cut out by sample, silence padded after it, all joined in order.
 */
export function editFilters(source: string, edit: ClipEdit, rate: number, out: string): string[] {
  const perMs = rate / 1000;
  const parts = edit.stretches.filter((s) => !("silenceMs" in s)).length;
  const filters: string[] = [];
  const taps = Array.from({ length: parts }, (_, k) => `${out}t${k}`);
  if (parts > 1) filters.push(`${source}asplit=${parts}${taps.map((t) => `[${t}]`).join("")}`);
  const pieces: string[] = [];
  let k = 0;
  for (const [j, stretch] of edit.stretches.entries()) {
    const label = `${out}p${j}`;
    if ("silenceMs" in stretch) {
      const samples = Math.max(1, Math.round(stretch.silenceMs * perMs));
      filters.push(`anullsrc=r=${rate}:cl=stereo,atrim=end_sample=${samples},aformat=sample_fmts=fltp:channel_layouts=stereo[${label}]`);
    } else {
      const tap = parts > 1 ? `[${taps[k]!}]` : source;
      k++;
      filters.push(`${tap}atrim=start_sample=${Math.round(stretch.fromMs * perMs)}:end_sample=${Math.round(stretch.toMs * perMs)},asetpts=N/SR/TB[${label}]`);
    }
    pieces.push(`[${label}]`);
  }
  filters.push(`${pieces.join("")}concat=n=${pieces.length}:v=0:a=1[${out}]`);
  return filters;
}
