import { createHash } from "node:crypto";
/*
 * Safe text for the preview page. Everything on the page comes from a writer's script (titles, speakers, lyrics), so
 * every piece goes through one of these before it meets the HTML.
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` as HTML text or a quoted attribute value: nothing in it can open a tag or close the quotes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * `value` as JSON that can sit inside `<script type="application/json">`: `<`, `>` and `&` become \u escapes, so
 * neither `</script>` nor `<!--` can end or bend the element; JSON.parse gives back exactly `value`.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A relative file path as a URL the page can load from file://: each segment percent-encoded (a `#`, `?` or space
 * in a file name would otherwise cut or bend the address), the slashes kept.
 */
export function relativeUrl(path: string): string {
  return path
    .split(/[\\/]/)
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

/** `ms` as a clock a listener reads: `m:ss`, or `h:mm:ss` from an hour on. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** `ms` as a `<time>` element's machine-readable duration (`PT1M5.250S`). */
export function isoDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  const m = Math.floor(seconds / 60);
  const s = Number((seconds - m * 60).toFixed(3));
  return m > 0 ? `PT${m}M${s}S` : `PT${s}S`;
}

/** A Content-Security-Policy source that admits exactly `text` as an inline script or style. */
export function cspHash(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}
