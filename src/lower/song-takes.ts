import type { Song } from "../ast/nodes.js";
import { songHeaderNode } from "../ast/song.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";

/**
 * How many takes the service makes of a song when a request does not say `n`: two, each billed (the public
 * record of the service). Every figure of cost counts takes, so this is the one place that number lives.
 */
export const SERVICE_DEFAULT_TAKES = 2;
const MAX_TAKES = 3;

/** What a song's `Takes` and `Pick` headers (and the project's `songs.takes`) mean for its request and its episode. */
export interface SongTakes {
  /** The `n` to send, or undefined to leave the service's default. */
  n?: number;
  /** How many takes the service will make, and bill. */
  takes: number;
  /** Which take (1-based) goes into the episode. Never part of the request: changing it never pays again. */
  pick: number;
  /** True when the script wrote `Pick`, so the plan shows it. */
  pickWritten: boolean;
}

/**
 * Reads a song's takes and pick; POD0309 for a `Takes` that is not 1 to 3, POD0310 for a `Pick` that is not a take
 * the service will make. An invalid value is reported and then ignored, so the rest of lowering still runs.
 */
export function songTakes(song: Song, configTakes: number | undefined, diagnostics: Diagnostic[]): SongTakes {
  let n = configTakes;
  const takesHeader = songHeaderNode(song, "takes");
  if (takesHeader !== undefined) {
    const value = wholeNumber(takesHeader.value.text);
    if (value !== undefined && value >= 1 && value <= MAX_TAKES) n = value;
    else {
      diagnostics.push(
        diagnostic(
          "POD0309",
          takesHeader.value.text === "" ? takesHeader.span : takesHeader.value.span,
          { max: MAX_TAKES, written: takesHeader.value.text },
          {
            help: `the service makes 1 to ${MAX_TAKES} takes of a song and bills each one; without Takes it makes ${SERVICE_DEFAULT_TAKES}`,
          },
        ),
      );
    }
  }
  const takes = n ?? SERVICE_DEFAULT_TAKES;
  const result: SongTakes = n === undefined ? { takes, pick: 1, pickWritten: false } : { n, takes, pick: 1, pickWritten: false };

  const pickHeader = songHeaderNode(song, "pick");
  if (pickHeader === undefined) return result;
  const pick = wholeNumber(pickHeader.value.text);
  if (pick !== undefined && pick >= 1 && pick <= takes) {
    result.pick = pick;
    result.pickWritten = true;
    return result;
  }
  const written = pickHeader.value.text;
  const fixable = pick !== undefined && pick > takes && pick <= MAX_TAKES;
  diagnostics.push(
    diagnostic(
      "POD0310",
      pickHeader.span,
      { pick, takes, written },
      {
        help: fixable ? `ask for ${pick} takes with "Takes: ${pick}" (each take is billed), or pick ${takeRange(takes)}` : `pick ${takeRange(takes)}`,
      },
    ),
  );
  return result;
}

function takeRange(takes: number): string {
  return takes === 1 ? "take 1, the only one" : `one of takes 1 to ${takes}`;
}

// Only plain digits: "2.0", "two" or "+2" are not a count a writer means unambiguously.
function wholeNumber(text: string): number | undefined {
  return /^[0-9]{1,6}$/.test(text) ? Number(text) : undefined;
}
