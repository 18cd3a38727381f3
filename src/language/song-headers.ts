/**
 * The header lines a song block may open with, in their canonical spelling and in the order podc writes and offers
 * them: `Style` (the prompt), `Model`, `Takes` (how many takes the service makes, sent as `n`) and `Pick` (which
 * take the episode uses; never sent).
 */
export const SONG_HEADERS = ["Style", "Model", "Takes", "Pick"] as const;

/** A song header's canonical spelling, by its lower-case name. */
export const SONG_HEADER_SPELLING: ReadonlyMap<string, string> = new Map(SONG_HEADERS.map((h) => [h.toLowerCase(), h]));
