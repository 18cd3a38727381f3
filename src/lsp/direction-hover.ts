import type { Speech } from "../ast/nodes.js";
import { directionTagMap } from "../ast/speech.js";
import type { Config } from "../config/schema.js";
import { readPause } from "../language/pauses.js";
import type { Span } from "../source/span.js";
import { touches } from "./positions.js";

// Hover on a speech's parenthetical says what becomes of it, since the line alone does not: a pause is silence in the
// episode, a direction podc.json maps is sent as the voices' tag, any other is for the reader only.

/** What a hover's words are marked with. */
interface Marks {
  bold(text: string): string;
  code(text: string): string;
}

/** The hover text for the parenthetical of `speech` at `offset`, and its span; undefined when there is none there. */
export function directionHover(speech: Speech, offset: number, config: Config, m: Marks): { span: Span; text: string } | undefined {
  const part = speech.parts.find((p) => p.type === "Parenthetical" && touches(p.span, offset));
  if (part === undefined || part.type !== "Parenthetical") return undefined;
  const written = m.code(`(${part.text})`);
  const pause = readPause(part.text);
  if (pause.kind === "pause") {
    const seconds = (pause.ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });
    const text = `${written} is ${m.bold(`${seconds} s of silence`)} in the episode, in place of the voices' own pause here. Nothing is sent for it.`;
    return { span: part.span, text };
  }
  if (pause.kind === "unreadable") return undefined; // its diagnostic says what is wrong
  const tag = directionTagMap(config.speech.directionTags ?? {}).get(part.text.toLowerCase());
  if (tag !== undefined)
    return { span: part.span, text: `${written} is sent to the voice as ${m.code(tag)} (${m.code("speech.directionTags")} in podc.json).` };
  const text = `${written} is a direction for the reader: ${m.bold("not rendered")}, no voice is given it. If your voices act on a tag for it, map it in podc.json (${m.code("speech.directionTags")}).`;
  return { span: part.span, text };
}
