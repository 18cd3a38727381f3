/**
 * The header lines a song block may open with, in their canonical spelling and in the order podc writes and offers
 * them: `Style` (the prompt), `Model`, `Takes` (how many takes the service makes, sent as `n`), `Pick` (which take the
 * episode uses; never sent) and `Play` (how the episode plays the song: `Play: bed` lays it under the speech that
 * follows, as a `BED` cue lays a file; never sent).
 */
export const SONG_HEADERS = ["Style", "Model", "Takes", "Pick", "Play"] as const;

/** A song header's canonical spelling, by its lower-case name. */
export const SONG_HEADER_SPELLING: ReadonlyMap<string, string> = new Map(SONG_HEADERS.map((h) => [h.toLowerCase(), h]));

/** The one value of `Play`: the song is a bed. Without the header a song plays on its own, where it is written. */
export const PLAY_BED = "bed";
