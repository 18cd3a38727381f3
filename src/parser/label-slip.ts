import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { hasLetter, hasLowerCase } from "../language/letters.js";
import type { TreeText } from "./tree-text.js";

// A line that looks meant as `LABEL: text` but is not one, because of a slip a writer does not see: the curly
// apostrophe word processors type by themselves (`THEO’S MUM:`), an emoji in the name (`THEO 🎙:`), an aside before
// the colon (`THEO, laughing:`), or a semicolon or dash for the colon (`THEO;`, `THEO -`). Read as written, such a
// line is spoken by the speaker above, label and all, or is no element at all; the slip is reported at the line with
// the one edit that makes it the label meant.

/** A slip, with the label it would be and the edit that makes it so (offsets into the text read). */
export interface LabelSlip {
  /** The label as meant (`THEO'S MUM`). */
  name: string;
  /** What stops the line being a label, in words that name the character. */
  cause: string;
  edit: { start: number; end: number; replacement: string; title: string };
}

const NAME_LIMIT = 40;
const CURLY = /[‘’]/;
const NO_BREAK = /[\u00a0\u2007\u202f]/;

/**
 * The slip on a line whose text runs from `first` to `last`, if it looks like a label with one. `known` tells whether a
 * label is cast: the forms that prose may take too (`NO; never`, `OK, fine:`) count only for a cast label.
 */
export function labelSlip(text: string, first: number, last: number, known: (label: string) => boolean): LabelSlip | undefined {
  const c = text.charCodeAt(first);
  if (c === 42 /* * */ || c === 95 /* _ */ || c === 91 /* [ */ || c === 40 /* ( */ || (c >= 48 && c <= 57)) return wrappedLabel(text, first, last);
  if (!(c >= 65 && c <= 90) && !(c >= 0x80 && hasLetter(text[first]!) && !hasLowerCase(text[first]!))) return undefined;
  // The name: capitals, digits, spaces, . ' - _ and curly apostrophes, as a label's run (lines.ts) reads it.
  let i = first;
  const limit = Math.min(last, first + NAME_LIMIT);
  while (i < limit && isNameChar(text[i]!) && !spacedDash(text, i, last)) i++;
  let nameEnd = i;
  while (nameEnd > first && text[nameEnd - 1] === " ") nameEnd--;
  const name = text.slice(first, nameEnd);
  // `THEO - text`: a dash between spaces ends the name, it is not part of it.
  if (spacedDash(text, i, last)) {
    if (!hasLetter(name) || hasLowerCase(name) || !known(name)) return undefined;
    return slip(name, "a dash stands where the colon goes", nameEnd, i + 2, ":", `Change "${text[i + 1]!}" to ":"`);
  }
  if (name === "" || hasLowerCase(name) || !hasLetter(name)) return undefined;
  let at = i;
  while (at < last && text[at] === " ") at++;
  const next = text[at];
  const straight = name
    .replace(/[‘’]/g, "'")
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    .trim();
  if (straight !== name && (next === ":" || next === "：")) {
    const curly = CURLY.exec(name)?.[0];
    if (curly !== undefined)
      return slip(straight, `${curly} (a curly apostrophe) cannot be in a label: it takes the straight '`, first, nameEnd, straight, `Change ${curly} to '`);
    const space = NO_BREAK.exec(name)![0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return slip(straight, `a no-break space (U+${space}) is in the name`, first, nameEnd, straight, `Change to ${straight}`);
  }
  if (next === ";" && known(straight)) return slip(straight, "a semicolon stands where the colon goes", at, at + 1, ":", 'Change ";" to ":"');
  if ((next === "–" || next === "—") && known(straight))
    return slip(straight, "a dash stands where the colon goes", nameEnd, at + 1, ":", `Change "${next}" to ":"`);
  if (next === "," && known(straight)) {
    const colon = text.indexOf(":", at);
    const aside = colon === -1 || colon > last ? "" : text.slice(at + 1, colon).trim();
    if (aside !== "" && aside.length <= 40 && hasLowerCase(aside) && !/[.!?()]/.test(aside))
      return slip(straight, `"${aside}" stands between the name and the colon`, nameEnd, colon + 1, `: (${aside})`, `Change to ${straight}: (${aside})`);
    return undefined;
  }
  // Symbols between the name and the colon: `THEO 🎙:`.
  let end = at;
  while (end < last && end - at < 12 && isSymbol(text, end)) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  if (end === at) return undefined;
  let colon = end;
  while (colon < last && text[colon] === " ") colon++;
  if (text[colon] !== ":" && text[colon] !== "：") return undefined;
  const symbols = text.slice(at, end).trim();
  return slip(straight, `${symbols} cannot be in a label`, nameEnd, colon, "", `Remove ${symbols}`);
}

// Transcripts and chat exports wrap the label: in markdown (`**Host 1:**`, `**Host**:`), in brackets (`[Host]:`), or
// after a time (`00:01 Host:`, `[00:01:02] Host:`).
const MARKDOWN_LABEL = /^(\*{1,3}|_{1,2})([^*_:\n]{1,32}?)(:?)\1[ \t]*(:?)/;
const BRACKET_LABEL = /^\[([^\][:\n]{1,32})\][ \t]*:/;
const TIMED_LABEL = /^([[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])]?)[ \t]+([^:\n]{1,32}?)[ \t]*:/;
const NAME = /^\p{L}[\p{L}\p{N} .'_-]*$/u;

/** A label wrapped in markdown or brackets, or after a time: the label it is meant as, in capitals, and its edit. */
function wrappedLabel(text: string, first: number, last: number): LabelSlip | undefined {
  const head = text.slice(first, Math.min(last, first + 64));
  let name: string | undefined;
  let length = 0;
  let cause = "";
  const markdown = MARKDOWN_LABEL.exec(head);
  if (markdown && (markdown[3] === ":") !== (markdown[4] === ":")) {
    name = markdown[2]!;
    length = markdown[0].length;
    cause = `the ${markdown[1]} around it make it no label`;
  }
  const bracket = name === undefined ? BRACKET_LABEL.exec(head) : null;
  if (bracket) {
    name = bracket[1]!;
    length = bracket[0].length;
    cause = "the brackets around it make it no label";
  }
  const timed = name === undefined ? TIMED_LABEL.exec(head) : null;
  if (timed) {
    name = timed[2]!;
    length = timed[0].length;
    cause = `the time before it (${timed[1]!}) makes it no label`;
  }
  if (name === undefined) return undefined;
  const upper = name.trim().toUpperCase();
  if (!NAME.test(upper) || upper.split(" ").length > 3) return undefined;
  return slip(upper, cause, first, first + length, `${upper}:`, `Change to ${upper}:`);
}

/** The slip's diagnostic, for a line whose text starts at `first`; `fate` says what becomes of the line as written. */
export function slipDiagnostic(tree: TreeText, slip: LabelSlip, first: number, fate: string, purpose: string): Diagnostic {
  const { edit } = slip;
  const edits = `${edit.title.charAt(0).toLowerCase()}${edit.title.slice(1)}`;
  return diagnostic(
    "POD0119",
    tree.span(first, Math.max(edit.end, first + 1)),
    { name: slip.name, cause: slip.cause },
    {
      help: `as written, ${fate}: ${edits}${purpose}`,
      fixes: [{ title: edit.title, span: tree.span(edit.start, edit.end), replacement: edit.replacement }],
    },
  );
}

function slip(name: string, cause: string, start: number, end: number, replacement: string, title: string): LabelSlip {
  return { name, cause, edit: { start, end, replacement, title } };
}

/** Whether a dash between spaces (or before the line's end) starts at `i`, a space. */
function spacedDash(text: string, i: number, last: number): boolean {
  if (text[i] !== " ") return false;
  const d = text[i + 1];
  return (d === "-" || d === "–" || d === "—") && (i + 2 >= last || text[i + 2] === " ");
}

function isNameChar(ch: string): boolean {
  if (ch === "’" || ch === "‘" || NO_BREAK.test(ch)) return true;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || " .'-_".includes(ch);
  return hasLetter(ch) && !hasLowerCase(ch);
}

/** A character no label holds and no prose needs before a colon: an emoji, a pictograph, a symbol, a joiner. */
function isSymbol(text: string, at: number): boolean {
  const ch = String.fromCodePoint(text.codePointAt(at)!);
  return (SYMBOL ??= /^(?:[\p{Extended_Pictographic}\p{So}\p{Sk}\p{Sm} ]|\u200d|\ufe0f|\u20e3)$/u).test(ch);
}

let SYMBOL: RegExp | undefined;
