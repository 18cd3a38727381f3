/*
 * A song choice's `lyrics_sections`: when each sung line starts and ends. The public record names the field and says
 * its times are milliseconds; its shape is "not shown", and answers drift (seconds instead of milliseconds, `start`
 * or `start_time`, lines as strings, sections of kinds no document names, sections with times but no lines). So it is
 * read loosely, and whatever cannot be read makes it unusable — never an error: the transcript then spreads the
 * lines evenly, as it does when the field is absent.
 */

/** One sung line as the service timed it, in milliseconds from the start of the take. */
export interface TimedLine {
  /** The line as the service sang it, when it said. */
  text?: string;
  startMs: number;
  /** When the line ends, when the service said (else: when the next one starts). */
  endMs?: number;
}

export interface LyricTimings {
  lines: TimedLine[];
  /** The unit the times were read in: milliseconds as documented, or seconds when only those fit the take's length. */
  unit: "ms" | "s";
}

/** Most bytes of `lyrics_sections` kept with a paid answer: a song's words, timed, are far less. */
const KEPT_BYTES = 64 * 1024;

/**
 * `lyrics_sections` as it is worth keeping in the journal and the manifest: as received; without word-level timings
 * (which podc does not use) when it is larger than 64 KiB; undefined when absent, still too large, or too deep to
 * write down — never an error: the audio of the answer matters more than its timings.
 */
export function keptLyricsSections(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  try {
    const size = (v: unknown) => JSON.stringify(v)?.length ?? 0;
    if (size(value) <= KEPT_BYTES) return value;
    const lean = JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "words" ? undefined : v))) as unknown;
    return size(lean) <= KEPT_BYTES ? lean : undefined;
  } catch {
    // Nested deeper than JSON.stringify can go.
    return undefined;
  }
}

/** How far past the take's end a time may fall and still be read (a take's stated length is approximate). */
const END_TOLERANCE = 1.1;
const END_TOLERANCE_MS = 1000;

/**
 * The timed lines of `value` (a choice's `lyrics_sections`), in milliseconds, for a take `durationMs` long; undefined
 * when there are none that can be read. Milliseconds or seconds are told apart by which of them fits the take: the
 * larger times must fall within it, and the last close to its end. Lines out of time order are left out.
 */
export function lyricTimings(value: unknown, durationMs: number): LyricTimings | undefined {
  if (!(durationMs > 0)) return undefined;
  const raw = rawLines(value);
  const latest = raw.reduce((most, line) => Math.max(most, line.start, line.end ?? 0), 0);
  if (raw.length === 0 || latest <= 0) return undefined;
  const unit = unitOf(latest, durationMs);
  if (unit === undefined) return undefined;
  const scale = unit === "s" ? 1000 : 1;
  const lines: TimedLine[] = [];
  for (const line of raw) {
    const startMs = Math.round(line.start * scale);
    if (lines.length > 0 && startMs < lines[lines.length - 1]!.startMs) continue;
    const timed: TimedLine = { startMs: Math.min(startMs, durationMs) };
    if (line.text !== undefined) timed.text = line.text;
    if (line.end !== undefined && line.end * scale > startMs) timed.endMs = Math.min(Math.round(line.end * scale), durationMs);
    lines.push(timed);
  }
  return lines.length > 0 ? { lines, unit } : undefined;
}

/** Which unit makes `latest` (the largest time given) a time within a take of `durationMs`, the closest to its end. */
function unitOf(latest: number, durationMs: number): "ms" | "s" | undefined {
  const fits = (ms: number) => ms <= durationMs * END_TOLERANCE + END_TOLERANCE_MS;
  const asMs = fits(latest);
  const asS = fits(latest * 1000);
  if (asMs && asS) return Math.abs(latest * 1000 - durationMs) < Math.abs(latest - durationMs) ? "s" : "ms";
  return asMs ? "ms" : asS ? "s" : undefined;
}

interface RawLine {
  text?: string;
  start: number;
  end?: number;
}

/** The lines of every section, in order, times as sent; a section with times but no timed lines spreads its lines. */
function rawLines(value: unknown): RawLine[] {
  const sections = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.sections) ? value.sections : [];
  const out: RawLine[] = [];
  for (const section of sections) {
    if (typeof section === "string" || !isObject(section)) continue;
    const lines = Array.isArray(section.lines) ? section.lines : undefined;
    if (lines === undefined) {
      // A flat list of lines rather than sections (a section's own times, without text, say nothing of its lines).
      const line = lineOf(section);
      if (line.start !== undefined && line.text !== undefined) out.push(line as RawLine);
      continue;
    }
    const read = lines.map((line) => (typeof line === "string" ? { text: line } : isObject(line) ? lineOf(line) : undefined));
    const start = timeOf(section, START_FIELDS);
    const end = timeOf(section, END_FIELDS);
    read.forEach((line, i) => {
      if (line === undefined) return;
      if (line.start !== undefined) out.push(line as RawLine);
      // A line without a time inside a timed section: its share of the section.
      else if (start !== undefined && end !== undefined && end > start) {
        const share = (end - start) / read.length;
        out.push({ ...line, start: start + i * share, end: start + (i + 1) * share });
      }
    });
  }
  return out;
}

const START_FIELDS = ["start", "start_time", "startTime", "start_ms", "startMs", "begin"];
const END_FIELDS = ["end", "end_time", "endTime", "end_ms", "endMs", "finish"];
const TEXT_FIELDS = ["text", "line", "lyric", "lyrics", "content"];

function lineOf(line: Record<string, unknown>): { text?: string; start?: number; end?: number } {
  const out: { text?: string; start?: number; end?: number } = {};
  const text = TEXT_FIELDS.map((field) => line[field]).find((v): v is string => typeof v === "string" && v.trim() !== "");
  if (text !== undefined) out.text = text.trim();
  const start = timeOf(line, START_FIELDS);
  if (start !== undefined) out.start = start;
  const end = timeOf(line, END_FIELDS);
  if (end !== undefined) out.end = end;
  return out;
}

/** The first of `fields` that holds a time: a non-negative finite number, or a string of one. */
function timeOf(object: Record<string, unknown>, fields: readonly string[]): number | undefined {
  for (const field of fields) {
    const value = object[field];
    const number = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
    if (Number.isFinite(number) && number >= 0) return number;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
