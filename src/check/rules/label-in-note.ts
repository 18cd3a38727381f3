import type { Note } from "../../ast/nodes.js";
import type { Fix } from "../../diagnostics/diagnostic.js";
import { diagnostic } from "../../diagnostics/report.js";
import { scanLabel } from "../../parser/lines.js";
import type { SourceText } from "../../source/source-text.js";
import type { Rule } from "../rule.js";

/**
 * A cast speaker's `LABEL: text` on a line of its own inside a note that spans lines is not spoken, though it reads as
 * dialogue: most often the note was meant to close before it (the `]]` typed too late, or a line pasted into the
 * note). It is reported at its line, with the fix that makes it spoken and keeps the rest of the note a note, and the
 * one that says it belongs there (`\`, which makes any line no label). The note's first line is left alone: `[[ HOST:
 * maybe this instead ]]` is how writers keep an alternative line. Songs have their own reading of a line, and a
 * Fountain cue is no `LABEL:` line, so only notes outside songs of .pod scripts are read.
 */
export const labelInNote: Rule = {
  name: "a speaker's line inside a note is reported",
  codes: ["POD0124"],
  create: (ctx) => ({
    Note(note, parent) {
      if (ctx.dialect !== "pod" || !note.terminated || parent?.type === "Song") return;
      const { source } = ctx;
      const first = note.span.start.line;
      const closeStart = note.span.end.offset - 2;
      for (let line = first + 1; line <= note.span.end.line; line++) {
        const start = source.lineStarts[line - 1]!;
        const end = Math.min(source.lineEnd(line), closeStart);
        const label = scanLabel(source.text, start, end);
        if (!label || label.afterColon === undefined || label.extension || !ctx.cast.has(label.name)) continue;
        if (source.text.slice(label.afterColon, end).trim() === "") continue;
        ctx.report(
          diagnostic(
            "POD0124",
            source.span(label.start, label.afterColon),
            { name: label.name },
            {
              help: `the note opened on line ${first} closes on line ${note.span.end.line}, so this line is not sent: if ${label.name} says it, close the note before it (and open it again after); if it belongs in the note, start the line with \\`,
              fixes: [spokenFix(source, note, line), { title: "Keep it in the note (\\)", span: source.span(label.start, label.start), replacement: "\\" }],
            },
          ),
        );
      }
    },
  }),
};

/**
 * The note rewritten so that `line` stands outside it: what comes before the line stays a note closed by `]]` on a line
 * of its own, what comes after is a note opened by `[[` on a line of its own, so that every other line keeps its text.
 */
function spokenFix(source: SourceText, note: Note, line: number): Fix {
  const text = source.text;
  const noteStart = note.span.start.offset;
  const closeStart = note.span.end.offset - 2;
  const lineStart = source.lineStarts[line - 1]!;
  const lineEnd = Math.min(source.lineEnd(line), closeStart);
  const newline = text.slice(source.lineEnd(line - 1), lineStart);
  const before = text.slice(noteStart + 2, source.lineEnd(line - 1));
  const after = lineEnd < closeStart ? text.slice(lineEnd, closeStart).replace(/^(?:\r\n|\r|\n)/, "") : "";
  let replacement = before.trim() === "" ? "" : `[[${before}${newline}]]${newline}`;
  replacement += text.slice(lineStart, lineEnd).trimEnd();
  if (after.trim() !== "") replacement += `${newline}[[${newline}${after}]]`;
  return { title: "Close the note before this line", span: source.span(noteStart, note.span.end.offset), replacement };
}
