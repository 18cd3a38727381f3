import type { IToken } from "chevrotain";
import type { CastEntry, TitleEntry, TitlePage } from "../ast/nodes.js";
import { diagnostic } from "../diagnostics/report.js";
import { looksLikeCastEntry, unindentedCastEntry } from "./cast-indent.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { labelSlip, slipDiagnostic } from "./label-slip.js";
import { scanLabel, skipSpace, titleKey, trimEnd } from "./lines.js";
import { lineOf } from "./tokens.js";
import type { Line, TreeText } from "./tree-text.js";

/** The title page from its lines (`Key: value`, indented continuations, the Cast's entries), reporting the rest. */
export function buildTitlePage(tree: TreeText, tokens: readonly IToken[]): TitlePage {
  const entries: TitleEntry[] = [];
  let current: TitleEntry | undefined;
  let end = tokens[0]!.startOffset;
  for (const token of tokens) {
    const line = lineOf(token);
    if (line.kind === "blank") continue;
    if (line.kind === "entry") {
      const colon = titleKey(tree.masked, line.start, line.contentEnd)!;
      const key = tree.atom(line.start, colon);
      if (current?.cast && looksLikeCastEntry(key.text, tree.masked.slice(colon + 1, line.contentEnd), current.cast)) {
        tree.diagnostics.push(unindentedCastEntry(tree.lineSpan(line), tree.span(line.start, line.start)));
        continueEntry(tree, current, line);
        end = line.contentEnd;
        continue;
      }
      current = {
        type: "TitleEntry",
        span: tree.lineSpan(line),
        key,
        name: key.text.toLowerCase(),
        value: tree.atom(colon + 1, line.contentEnd),
      };
      if (current.name === "cast") current.cast = [];
      entries.push(current);
    } else if (line.kind === "indent" && current) {
      continueEntry(tree, current, line);
    } else {
      tree.diagnostics.push(
        diagnostic(
          "POD0112",
          tree.lineSpan(line),
          {},
          {
            help:
              line.kind === "indent"
                ? "an indented line continues the entry above it; start the title page with `Key: value`"
                : "continue a value on lines indented by two spaces or a tab, and end the title page with a blank line",
          },
        ),
      );
    }
    end = line.contentEnd;
  }
  return { type: "TitlePage", span: tree.span(tokens[0]!.startOffset, end), entries };
}

function continueEntry(tree: TreeText, entry: TitleEntry, line: Line): void {
  entry.span = tree.span(entry.span.start.offset, line.contentEnd);
  if (entry.cast) {
    const cast = castEntry(tree, line);
    if (cast) entry.cast.push(cast);
    return;
  }
  const more = tree.atom(line.start, line.contentEnd);
  entry.value =
    entry.value.text === "" ? more : { text: `${entry.value.text}\n${more.text}`, span: tree.span(entry.value.span.start.offset, more.span.end.offset) };
}

/** A Cast entry in the `LABEL: Voice` form but for a slip in its label (`THEO’S MUM: Luna`), named with its fix. */
function castSlip(tree: TreeText, line: Line): Diagnostic | undefined {
  const first = skipSpace(tree.masked, line.start, line.contentEnd);
  const slip = labelSlip(tree.masked, first, trimEnd(tree.masked, first, line.contentEnd), () => true);
  return slip && slipDiagnostic(tree, slip, first, "this entry casts no one", "");
}

function castEntry(tree: TreeText, line: Line): CastEntry | undefined {
  const label = scanLabel(tree.masked, line.start, line.contentEnd);
  if (!label || label.afterColon === undefined || label.extension) {
    const wouldBe = scanLabel(tree.masked, line.start, line.contentEnd, true);
    const lower = wouldBe && wouldBe.afterColon !== undefined && !wouldBe.extension ? wouldBe : undefined;
    tree.diagnostics.push(
      lower
        ? diagnostic(
            "POD0111",
            tree.span(lower.start, lower.end),
            { upper: lower.name.toUpperCase() },
            { help: `write ${lower.name.toUpperCase()}, or force a mixed-case label with @${lower.name}`, fixes: [tree.capitalise(lower)] },
          )
        : (castSlip(tree, line) ??
            diagnostic("POD0121", tree.lineSpan(line), { syntax: "pod" }, { help: "one entry per indented line, such as `    HOST: Ethan`" })),
    );
    return undefined;
  }
  const voice = tree.atom(label.afterColon, line.contentEnd);
  return {
    type: "CastEntry",
    span: tree.lineSpan(line),
    label: { text: label.name, span: tree.span(label.forced ? label.start + 1 : label.start, label.end) },
    voice,
  };
}
