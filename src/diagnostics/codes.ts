/** How serious a diagnostic is: the registry gives each code one. */
export type Severity = "error" | "warning" | "info";

/** What a diagnostic code means. `docs/diagnostics.md` shows an example of each; a test keeps the two in step. */
export interface CodeInfo {
  severity: Severity;
  title: string;
}

/**
 * The registry of stable codes. A code is never reused for another meaning.
 * POD00xx text and encoding, POD01xx syntax, POD02xx speakers and voices, POD03xx songs, POD04xx limits,
 * POD05xx notes, POD06xx lowering, POD07xx configuration, POD08xx publishing (the podcast feed), POD09xx sound in the
 * script (pauses, pronunciation).
 */
export const CODES = {
  POD0001: { severity: "error", title: "the file is not valid UTF-8" },
  POD0002: { severity: "error", title: "NUL byte in the script" },
  POD0003: { severity: "error", title: "bidirectional control character" },
  POD0004: { severity: "error", title: "the file is larger than the configured cap" },
  POD0005: { severity: "warning", title: "the script is empty" },
  POD0006: { severity: "info", title: "more diagnostics than are shown" },
  POD0007: { severity: "warning", title: "byte-order mark inside the text" },
  POD0008: { severity: "error", title: "the file is UTF-16, not UTF-8" },
  POD0101: { severity: "error", title: "boneyard never closed" },
  POD0102: { severity: "error", title: "note never closed" },
  POD0103: { severity: "warning", title: "boneyard close without an open" },
  POD0110: { severity: "error", title: "line is not an element of the script" },
  POD0111: { severity: "error", title: "speaker label not in capitals" },
  POD0112: { severity: "error", title: "title-page line is not `Key: value`" },
  POD0113: { severity: "warning", title: "title-page entry looks like dialogue" },
  POD0114: { severity: "warning", title: "line continues a speech but looks like something else" },
  POD0115: { severity: "error", title: "END SONG without a song" },
  POD0116: { severity: "warning", title: "unknown title-page key close to a known one" },
  POD0117: { severity: "warning", title: "title-page key given twice" },
  POD0118: { severity: "warning", title: "heading or direction directly under a speech" },
  POD0119: { severity: "error", title: "line looks like a speaker label but is not one" },
  POD0120: { severity: "warning", title: "parenthetical never closed" },
  POD0121: { severity: "error", title: "Cast entry is not `LABEL: Voice`" },
  POD0122: { severity: "error", title: "Cast entry not indented" },
  POD0123: { severity: "warning", title: "no-break space in a speaker's name" },
  POD0124: { severity: "warning", title: "speaker's line inside a note" },
  POD0125: { severity: "warning", title: "dialogue under a cue whose name has no letter" },
  POD0130: { severity: "error", title: "a .fdx file that is not a Final Draft document" },
  POD0201: { severity: "error", title: "unknown speaker" },
  POD0202: { severity: "error", title: "unknown voice" },
  POD0203: { severity: "error", title: "reserved speaker label" },
  POD0204: { severity: "warning", title: "speaker cast twice" },
  POD0205: { severity: "error", title: "screenplay without a Cast" },
  POD0301: { severity: "error", title: "song without a Style" },
  POD0302: { severity: "error", title: "song without lyrics" },
  POD0303: { severity: "error", title: "song never ended" },
  POD0304: { severity: "error", title: "unknown song header" },
  POD0305: { severity: "warning", title: "tag line that nearly names a known section" },
  POD0306: { severity: "error", title: "model not in the allowed list" },
  POD0307: { severity: "warning", title: "song header given twice" },
  POD0308: { severity: "warning", title: "song header among the lyrics" },
  POD0309: { severity: "error", title: "Takes is not 1 to 3" },
  POD0310: { severity: "error", title: "Pick is not one of the song's takes" },
  POD0311: { severity: "error", title: "END SONG misspelt" },
  POD0312: { severity: "warning", title: "section tag never closed" },
  POD0313: { severity: "warning", title: "section name or comment sung as a lyric" },
  POD0401: { severity: "error", title: "lyrics too long" },
  POD0402: { severity: "error", title: "style prompt too long" },
  // POD0403 (too many voices in one segment) is retired: a third voice now starts a new request.
  POD0501: { severity: "info", title: "TODO note" },
  POD0601: { severity: "warning", title: "speech with nothing to say" },
  POD0602: { severity: "warning", title: "sentence longer than a turn" },
  POD0603: { severity: "warning", title: "inline tag the voices may read aloud" },
  POD0604: { severity: "warning", title: "symbol the voices may read aloud" },
  POD0701: { severity: "error", title: "configuration is not valid" },
  POD0702: { severity: "error", title: "configuration is not JSON" },
  POD0801: { severity: "error", title: "podcast setting missing" },
  POD0802: { severity: "error", title: "not an Apple Podcasts category" },
  POD0803: { severity: "error", title: "artwork is not a JPEG or PNG that can be read" },
  POD0804: { severity: "error", title: "artwork is not a square of 1400 to 3000 pixels" },
  POD0805: { severity: "error", title: "artwork is not in RGB" },
  POD0806: { severity: "error", title: "owner email is not an email address" },
  POD0807: { severity: "error", title: "base URL is not an https address" },
  POD0808: { severity: "error", title: "language is not a language tag" },
  POD0809: { severity: "error", title: "episode without a title" },
  POD0810: { severity: "error", title: "episode not built, or changed since its build" },
  POD0811: { severity: "error", title: "episode date is not a date" },
  POD0812: { severity: "error", title: "publish record is not valid" },
  POD0901: { severity: "error", title: "pause whose length cannot be read" },
  POD0902: { severity: "warning", title: "pause written inside a line of speech" },
  POD0903: { severity: "warning", title: "pause with nothing after it" },
  POD0904: { severity: "warning", title: "lexicon entry that changes nothing" },
  POD0905: { severity: "warning", title: "lexicon respelling holds a word the lexicon respells" },
  // Includes from POD0910; sound cues from POD0920.
  POD0910: { severity: "error", title: "included script cannot be read" },
  POD0911: { severity: "error", title: "script includes itself" },
  POD0912: { severity: "error", title: "included script outside the project" },
  POD0913: { severity: "error", title: "included script has errors" },
  POD0914: { severity: "error", title: "included file is not a .pod script" },
} as const satisfies Record<string, CodeInfo>;

export type Code = keyof typeof CODES;
