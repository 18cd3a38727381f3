import type { Span } from "../source/span.js";
import { diagnostic } from "../diagnostics/report.js";
import { isKnownTitleKey } from "../language/title-keys.js";
import { hasLetter, hasLowerCase } from "../language/letters.js";

// Writers often type the Cast flush left, as they type every other title-page key. Such a line directly under `Cast:`
// is a cast entry that lacks its indent: both readers take it into the Cast (so the speeches that use it are not
// reported again, once per line) and report it at its own line, never letting it pass as metadata.

/**
 * Whether a flush-left `KEY: value` under `Cast:` is a cast entry rather than a key: the key has no lower-case letter,
 * is no title-page key (`MODEL:`) and is not cast already, and the value is a voice's name, not a sentence
 * (`HOST: Welcome back.` is dialogue that ran into the title page, which the title-page check reports).
 */
export function looksLikeCastEntry(key: string, value: string, cast: readonly { label: { text: string } }[]): boolean {
  if (!hasLetter(key) || hasLowerCase(key) || isKnownTitleKey(key)) return false;
  if (cast.some((entry) => entry.label.text === key)) return false;
  const words = value.trim().split(/\s+/);
  return value.trim() !== "" && words.length <= 3 && !/[.!?,;…。！？，]/.test(value);
}

/** The error for a cast entry written flush left; `lineStart` is an empty span where the indent goes. */
export function unindentedCastEntry(line: Span, lineStart: Span) {
  return diagnostic(
    "POD0122",
    line,
    {},
    {
      help: "indent every Cast entry under `Cast:` by four spaces; unindented, it would be a title-page key",
      fixes: [{ title: "Indent the Cast entry", span: lineStart, replacement: "    " }],
    },
  );
}
