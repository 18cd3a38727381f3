import { INCLUDE_OPEN } from "./include-line.js";

/** The label that opens a song block (`SONG: Title`). */
export const SONG_OPEN = "SONG";
/** The line that closes a song block. */
export const SONG_END = "END SONG";

/** Labels reserved for song blocks and includes: never a speaker, in a script's Cast or in podc.json's. */
export const RESERVED_LABELS: ReadonlySet<string> = new Set([SONG_OPEN, SONG_END, INCLUDE_OPEN]);
