import type { Route } from "./faults.js";

/*
 * Quirks: the emulator answering the way real services (and mirrors of them) are seen to answer, within what the
 * interface leaves "not shown". Unlike faults, which break single exchanges, a quirk shapes every answer of its kind
 * for the emulator's whole life, so that podc's tolerance is tested against each variant by name. What the emulator
 * accepts is never loosened by a quirk: `podc serve` stays as strict about requests as without one.
 */

export const QUIRKS = [
  /** created_at, finished_at and expires_at as floats (1796148537.123). */
  "float-timestamps",
  /** The same timestamps as ISO 8601 strings. */
  "iso-timestamps",
  /** A created song task without `status`. */
  "no-status",
  /** Choices without `index`. */
  "no-index",
  /** A finished task says `completed`, a status no document names, instead of `succeeded`. */
  "completed-status",
  /** A finished task says `completed` and gives no link at all: podc cannot tell how it ended. */
  "completed-no-link",
  /** Choice durations in seconds instead of milliseconds. */
  "seconds-duration",
  /** Fields no document names, everywhere (and an object where a string could be). */
  "extra-fields",
  /** Audio served as `binary/octet-stream`. */
  "octet-stream",
  /** Audio served without a Content-Type. */
  "no-content-type",
  /** A bad key answered 400 "Invalid API key provided" instead of 401. */
  "auth-400",
  /** Every API request answered 403 "unsupported region". */
  "region-403",
  /** Out of credit worded as a balance, not as quota or billing. */
  "credit-wording",
  /** The trace id only in an `X-Request-Id` header: none in the body, no X-Trace-Id. */
  "request-id-header",
  /** Songs as the mp3 `url` only (real mp3 bytes, `audio/mpeg`), with no `wav_url` or `flac_url`. */
  "mp3-audio",
  /** Songs as an mp3 `url` and a lossless `flac_url` (real FLAC bytes), with no `wav_url`. */
  "flac-links",
  /** Choices carry `lyrics_sections`: each section's kind and times, and each sung line's text and times (ms). */
  "lyrics-sections",
] as const;
export type Quirk = (typeof QUIRKS)[number];

/** Why `name` is not a quirk, or undefined when it is one. */
export function quirkProblem(name: string): string | undefined {
  return (QUIRKS as readonly string[]).includes(name) ? undefined : `unknown quirk "${name}" (known: ${QUIRKS.join(", ")})`;
}

type Json = Record<string, unknown>;

/** The JSON body of a 2xx answer on `route`, reshaped by `quirks` (a new object; `body` is left alone). */
export function quirkBody(route: Route | undefined, body: Json, quirks: ReadonlySet<Quirk>): Json {
  if (quirks.size === 0) return body;
  const out: Json = { ...body };
  for (const field of ["created_at", "finished_at", "expires_at"]) {
    const value = out[field];
    if (typeof value !== "number") continue;
    if (quirks.has("float-timestamps")) out[field] = value + 0.123;
    if (quirks.has("iso-timestamps")) out[field] = new Date(value * 1000).toISOString();
  }
  if (route === "song.generate" && quirks.has("no-status")) delete out.status;
  if (route === "song.query" && out.status === "succeeded") {
    if (quirks.has("completed-status") || quirks.has("completed-no-link")) out.status = "completed";
    if (quirks.has("completed-no-link")) delete out.choices;
  }
  if (Array.isArray(out.choices)) {
    out.choices = (out.choices as Json[]).map((choice) => {
      const c: Json = { ...choice };
      if (quirks.has("no-index")) delete c.index;
      if (quirks.has("seconds-duration") && typeof c.duration === "number") c.duration = c.duration / 1000;
      if (quirks.has("seconds-duration") && Array.isArray(c.lyrics_sections)) c.lyrics_sections = inSeconds(c.lyrics_sections);
      if (quirks.has("extra-fields")) Object.assign(c, { stream_url: null, cover: { width: 512 }, lyrics_sections: "unknown" });
      return c;
    });
  }
  if (quirks.has("extra-fields")) Object.assign(out, { region: { name: "eu-1" }, credits_left: 41.5, model_version: 8 });
  return out;
}

/** Quirks whose audio ffmpeg encodes. */
export const ENCODING_QUIRKS: ReadonlySet<Quirk> = new Set(["mp3-audio", "flac-links"]);

/** Every `start` and `end` of `sections` (and of their lines) in seconds: how `seconds-duration` answers. */
function inSeconds(sections: unknown[]): unknown[] {
  return JSON.parse(JSON.stringify(sections), (key, value: unknown) =>
    (key === "start" || key === "end") && typeof value === "number" ? value / 1000 : value,
  ) as unknown[];
}

/** The error an API request gets instead of its answer, for quirks that refuse everything; undefined otherwise. */
export function quirkRefusal(quirks: ReadonlySet<Quirk>): { status: number; message: string } | undefined {
  return quirks.has("region-403") ? { status: 403, message: "Forbidden: the service is not available in your region" } : undefined;
}

/** The status and message a request with a bad key gets. */
export function quirkAuthFailure(quirks: ReadonlySet<Quirk>, message: string): { status: number; message: string } {
  return quirks.has("auth-400") ? { status: 400, message: "Invalid API key provided" } : { status: 401, message };
}

/** The content type audio is served with, or undefined for none. */
export function quirkAudioType(quirks: ReadonlySet<Quirk>, contentType: string): string | undefined {
  if (quirks.has("no-content-type")) return undefined;
  return quirks.has("octet-stream") ? "binary/octet-stream" : contentType;
}
