import type { CastEntry, TitleEntry, TitlePage } from "../../ast/nodes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { looksLikeCastEntry, unindentedCastEntry } from "../cast-indent.js";
import { classifyTitle, titleKey } from "../lines.js";
import type { FountainText, Line } from "./fountain-text.js";
import { hasLetter } from "../../language/letters.js";

// A screenplay's title page, as Fountain writes it, read into the tree's TitlePage (with podc's Cast entry).

/** Where the title page ends: the first blank line after its first line of text. */
export function titlePageEnd(text: FountainText): number {
  let i = 0;
  while (i < text.lines.length && text.lines[i]!.kind !== "text") i++;
  while (i < text.lines.length && text.lines[i]!.kind !== "blank") i++;
  return i;
}

/** The title page, lines [from, to): `Key: value`, values continued on indented lines; `Cast` entries as cues. */
export function fountainTitlePage(text: FountainText, from: number, to: number): TitlePage {
  const entries: TitleEntry[] = [];
  let current: TitleEntry | undefined;
  let first: number | undefined;
  let end = 0;
  for (let i = from; i < to; i++) {
    const line = text.lines[i]!;
    if (line.kind !== "text") continue;
    first ??= line.first;
    end = line.last;
    const kind = classifyTitle(text.masked, line.start, line.contentEnd).kind;
    if (kind === "entry") {
      const colon = titleKey(text.masked, line.start, line.contentEnd)!;
      const key = text.atom(line.start, colon);
      if (current?.cast && looksLikeCastEntry(key.text, text.masked.slice(colon + 1, line.contentEnd), current.cast)) {
        text.diagnostics.push(unindentedCastEntry(text.lineSpan(line), text.span(line.start, line.start)));
        const entry = castEntry(text, line);
        if (entry) current.cast.push(entry);
        continue;
      }
      current = { type: "TitleEntry", span: text.lineSpan(line), key, name: key.text.toLowerCase(), value: text.atom(colon + 1, line.last) };
      if (current.name === "cast") current.cast = [];
      entries.push(current);
    } else if (kind === "indent" && current) {
      current.span = text.span(current.span.start.offset, line.last);
      if (current.cast) {
        const entry = castEntry(text, line);
        if (entry) current.cast.push(entry);
      } else {
        const more = text.atom(line.first, line.last);
        current.value =
          current.value.text === ""
            ? more
            : { text: `${current.value.text}\n${more.text}`, span: text.span(current.value.span.start.offset, more.span.end.offset) };
      }
    } else {
      text.diagnostics.push(
        diagnostic(
          "POD0112",
          text.lineSpan(line),
          {},
          {
            help: "continue a value on lines indented by three spaces or a tab, and end the title page with a blank line",
          },
        ),
      );
    }
  }
  return { type: "TitlePage", span: text.span(first ?? 0, end), entries };
}

/** `NAME: Voice`, the name as Fountain allows it (`GUARD #1`, `@McCLANE`). */
function castEntry(text: FountainText, line: Line): CastEntry | undefined {
  const written = text.textOf(line);
  const colon = written.search(/[:：]/);
  const forced = written.charCodeAt(0) === 64;
  const name = colon === -1 ? "" : written.slice(forced ? 1 : 0, colon).trim();
  if (colon === -1 || name === "" || !hasLetter(name)) {
    text.diagnostics.push(
      diagnostic(
        "POD0121",
        text.lineSpan(line),
        { syntax: "fountain" },
        {
          help: "one entry per indented line, such as `    BRICK: Ethan`",
        },
      ),
    );
    return undefined;
  }
  const nameStart = line.first + (forced ? 1 : 0);
  return {
    type: "CastEntry",
    span: text.lineSpan(line),
    label: text.atom(nameStart, line.first + colon),
    voice: text.atom(line.first + colon + 1, line.last),
  };
}
