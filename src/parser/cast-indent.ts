import type { Span } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";

// Writers often type the Cast flush left, as they type every other title-page key. Such a line directly under `Cast:`
// is a cast entry that lacks its indent: both readers take it into the Cast (so the speeches that use it are not
// reported again, once per line) and report it at its own line, never letting it pass as metadata.

/** Whether a title-page key under `Cast:` is a speaker label rather than a key: it has no lower-case letter. */
export function looksLikeCastEntry(key: string): boolean {
  return /\p{L}/u.test(key) && !/\p{Ll}/u.test(key);
}

/** The error for a cast entry written flush left; `lineStart` is an empty span where the indent goes. */
export function unindentedCastEntry(line: Span, lineStart: Span) {
  return diagnostic("POD0122", line, "this Cast entry is not indented", {
    help: "indent every Cast entry under `Cast:` by four spaces; unindented, it would be a title-page key",
    fixes: [{ title: "Indent the Cast entry", span: lineStart, replacement: "    " }],
  });
}
