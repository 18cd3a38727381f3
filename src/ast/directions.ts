import { readPause } from "../language/pauses.js";
import type { BodyElement, Parenthetical } from "./nodes.js";

// What becomes of the parentheticals of a script's speeches: a pause (`(beat)`, `(pause 2s)`) is silence in the
// episode; every other one (`(whispering)`, `(dryly)`) is a direction for the reader that no voice is given, and podc
// says so rather than let a writer believe the voice heard it — unless podc.json's speech.directionTags gives the voices'
// own tag for it, which is then sent in its place.

/** A parenthetical and what becomes of it. */
export type DirectionFate = { parenthetical: Parenthetical; speaker: string } & (
  { rendered: "pause"; ms: number } | { rendered: "tag"; tag: string } | { rendered: "no" }
);

/** The parentheticals of `body`'s speeches, in order, with their fates; `directionTags` as spokenText takes them. */
export function speechDirections(body: readonly BodyElement[], directionTags?: ReadonlyMap<string, string>): DirectionFate[] {
  const out: DirectionFate[] = [];
  for (const element of body) {
    if (element.type !== "Speech") continue;
    for (const part of element.parts) {
      if (part.type !== "Parenthetical") continue;
      const reading = readPause(part.text);
      const speaker = element.speaker.name;
      const tag = directionTags?.get(part.text.toLowerCase());
      if (reading.kind === "pause") out.push({ parenthetical: part, speaker, rendered: "pause", ms: reading.ms });
      else if (tag !== undefined) out.push({ parenthetical: part, speaker, rendered: "tag", tag });
      else out.push({ parenthetical: part, speaker, rendered: "no" });
    }
  }
  return out;
}
