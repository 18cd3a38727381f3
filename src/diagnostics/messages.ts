import type { Code } from "./codes.js";

/*
 * Each code's message, made from typed data: a call site passes what the message is about (a label, a line, a
 * title), never the words, so one code always reads the same wherever it is reported, and a new code cannot be
 * reported before its words are written here (the registry must cover every code).
 */

/** The data of a message that names nothing: `{}`. */
type NoData = Record<string, never>;

export const MESSAGES = {
  POD0001: (_: NoData) => "invalid UTF-8 bytes",
  POD0002: (_: NoData) => "NUL byte in the script",
  /** `code`: the character's code point, in capital hexadecimal. */
  POD0003: (p: { code: string }) => `invisible bidirectional control character U+${p.code}`,
  POD0004: (p: { size: number; max: number }) => `the file is ${p.size} bytes, more than the ${p.max} bytes podc reads`,
  POD0005: (_: NoData) => "the script is empty: there is nothing to compile",
  /** `severities`: how many of each, in words ("2 errors, 1 warning"). */
  POD0006: (p: { more: number; severities: string }) => `… and ${p.more} more (${p.severities})`,
  POD0007: (_: NoData) => "invisible U+FEFF (a byte-order mark) inside the text",
  POD0008: (p: { order: "LE" | "BE" }) => `the file is in UTF-16 (${p.order === "LE" ? "little" : "big"}-endian), not UTF-8`,
  POD0101: (_: NoData) => "this boneyard is never closed: it hides the rest of the script",
  POD0102: (_: NoData) => "this note is never closed",
  POD0103: (_: NoData) => "*/ closes no boneyard",
  /** `grammar`: the grammar refused a line (unreachable: it accepts every sequence); else a line of no known kind. */
  POD0110: (p: { grammar?: true }) =>
    p.grammar ? "this line cannot be read here" : "this line is not dialogue, a section heading, a direction, a note or a song",
  POD0111: (p: { upper: string }) => `speaker labels are written in capitals: ${p.upper}`,
  POD0112: (_: NoData) => "this title-page line is not `Key: value`",
  POD0113: (p: { key: string }) => `${p.key}: is read as title-page metadata, not dialogue`,
  POD0114: (p: { who: string }) => `this line is spoken as part of ${p.who}'s speech`,
  POD0115: (_: NoData) => "END SONG without a song to end",
  POD0116: (p: { key: string }) => `unknown title-page key ${p.key} is kept as metadata`,
  POD0117: (p: { key: string; line: number }) => `${p.key} is already given on line ${p.line}; this value wins`,
  POD0118: (p: { what: string; speaker: string }) => `this ${p.what} ends ${p.speaker}'s speech; it is not spoken`,
  /** `cause`: what keeps the line from being `name`'s label, naming the character. */
  POD0119: (p: { name: string; cause: string }) => `this line looks like ${p.name}'s label, but ${p.cause}`,
  POD0120: (_: NoData) => "this parenthetical is never closed: it is spoken, parenthesis and all",
  /**
   * `syntax`: the entry is not `LABEL: Voice` at all (`NAME` in a Fountain screenplay's Cast); without it, the entry
   * names a label and no voice.
   */
  POD0121: (p: { label: string; syntax?: undefined } | { syntax: "pod" | "fountain" }) =>
    p.syntax === undefined ? `${p.label} has no voice` : p.syntax === "pod" ? "a Cast entry is `LABEL: Voice`" : "a Cast entry is `NAME: Voice`",
  POD0122: (_: NoData) => "this Cast entry is not indented",
  /** `code`: the space's code point, in capital hexadecimal. */
  POD0123: (p: { code: string }) => `a no-break space (U+${p.code}) in this name is read as a space: it names the same speaker`,
  POD0124: (p: { name: string }) => `this line reads as ${p.name}'s, but it is inside a note: it is not spoken`,
  POD0125: (p: { name: string }) => `this line reads as ${p.name}'s, but a character's name needs a letter: it is action, not spoken`,
  /** What is wrong with a .fdx file; `detail` is the XML reader's own words. */
  POD0130: (
    p:
      { problem: "entities" | "no-content" } | { problem: "not-xml" | "unreadable"; detail: string } | { problem: "not-final-draft"; root: string | undefined },
  ) => {
    switch (p.problem) {
      case "entities":
        return "this .fdx declares XML entities, which podc does not expand";
      case "not-xml":
        return `this .fdx is not well-formed XML: ${p.detail}`;
      case "unreadable":
        return `this .fdx cannot be read as XML: ${p.detail}`;
      case "no-content":
        return "this Final Draft document has no <Content>";
      case "not-final-draft":
        return `this XML is not a Final Draft document: its root is <${p.root ?? "nothing"}>, not <FinalDraft>`;
    }
  },
  POD0201: (p: { name: string }) => `unknown speaker ${p.name}`,
  /** `label`: the speaker it is given to, in podc.json's cast (a script's Cast entry shows its label beside it). */
  POD0202: (p: { voice: string; label?: string }) => `unknown voice ${p.voice}${p.label !== undefined ? ` for ${p.label}` : ""}`,
  POD0203: (p: { label: string }) => `${p.label} is reserved for song blocks and cannot be a speaker`,
  POD0204: (p: { label: string; line: number }) => `${p.label} is already cast on line ${p.line}; this entry wins`,
  /** `names`: the first few characters, as shown. */
  POD0205: (p: { count: number; names: string }) =>
    `this screenplay has no Cast: ${p.count === 1 ? "its character has" : `its ${p.count} characters have`} no voice (${p.names})`,
  POD0301: (p: { title: string }) => `song "${p.title}" has no Style`,
  POD0302: (p: { title: string }) => `song "${p.title}" has no lyrics`,
  POD0303: (p: { title: string }) => `song "${p.title}" never ends`,
  POD0304: (p: { header: string }) => `unknown song header ${p.header}`,
  POD0305: (p: { written: string; near: string }) => `[${p.written}] looks like a misspelt [${p.near}]: it is sent as written`,
  /** `default`: the default model of podc.json, checked against its own "models". */
  POD0306: (p: { model: string; default?: true }) =>
    p.default ? `the default model ${p.model} is not in "models"` : `model ${p.model} is not in the project's allowed models`,
  POD0307: (p: { header: string }) => `${p.header} is given twice for this song; this value wins`,
  POD0308: (p: { key: string }) => `"${p.key}:" among the lyrics is sent as a lyric line`,
  POD0309: (p: { max: number; written: string }) => `Takes must be a whole number from 1 to ${p.max}, not "${p.written}"`,
  /** `pick` undefined or below 1: not the number of a take at all; else a take past the song's last. */
  POD0310: (p: { pick: number | undefined; takes: number; written: string }) =>
    p.pick === undefined || p.pick < 1
      ? `Pick must be the number of a take, from 1 to ${p.takes}, not "${p.written}"`
      : `Pick: ${p.pick} chooses a take this song does not have: it is made in ${p.takes} take${p.takes === 1 ? "" : "s"}`,
  POD0311: (p: { written: string }) => `${p.written} is not END SONG`,
  POD0312: (p: { close: string }) => `this tag has no ${p.close}: it is sung as a lyric`,
  POD0313: (p: { written: string; tag: string }) => `${p.written} is sung as a lyric, not read as the tag ${p.tag}`,
  POD0401: (p: { title: string; length: number; max: number }) =>
    `the lyrics of "${p.title}" are ${p.length} characters, more than the ${p.max} a song may have`,
  POD0402: (p: { length: number; max: number }) => `the style prompt is ${p.length} characters, more than the ${p.max} allowed`,
  POD0501: (p: { note: string }) => p.note,
  POD0601: (p: { speaker: string }) => `speech by ${p.speaker} has no spoken text, so it makes no turn`,
  /** `excerpt`: the sentence's start, as lowering shortens it. */
  POD0602: (p: { length: number; limit: number; excerpt: string }) =>
    `a sentence of ${p.length} characters is longer than a turn may be (${p.limit}): "${p.excerpt}"`,
  POD0603: (p: { tag: string }) => `the inline tag ${p.tag} is sent as written: the voice may read it aloud`,
  /** `unknown`: a setting the schema does not have, with its path; else the schema's words about the value at `where`. */
  /** `code`: the symbol's first code point, in capital hexadecimal. */
  POD0604: (p: { symbol: string; code: string }) => `${p.symbol} (U+${p.code}) is sent as written: a voice may read its name aloud or skip it`,
  POD0701: (p: { unknown: string } | { where: string; problem: string }) => ("unknown" in p ? `unknown setting ${p.unknown}` : `${p.where}: ${p.problem}`),
  /** `unreadable`: why the file could not be read (an error code); else the JSON parser's complaint about `file`. */
  POD0702: (p: { unreadable: string } | { file: string; problem: string }) =>
    "unreadable" in p ? `cannot read the configuration (${p.unreadable})` : `${p.file} is not valid JSON: ${p.problem}`,
  /** `key`: the podcast setting missing, or undefined for the whole section. */
  POD0801: (p: { key?: string }) => (p.key === undefined ? "podc.json has no podcast section" : `the podcast section has no "${p.key}"`),
  POD0802: (p: { category: string }) => `"${p.category}" is not an Apple Podcasts category`,
  POD0803: (p: { file: string; problem: string }) => `the artwork ${p.file} ${p.problem}`,
  POD0804: (p: { width: number; height: number }) => `the artwork is ${p.width} × ${p.height} pixels: directories ask for a square of 1400 to 3000 pixels`,
  POD0805: (p: { colour: string }) => `the artwork is in ${p.colour}: directories ask for RGB`,
  POD0806: (p: { email: string }) => `"${p.email}" is not an email address`,
  POD0807: (p: { url: string }) => `"${p.url}" is not an https address`,
  POD0808: (p: { language: string }) => `"${p.language}" is not a language tag`,
  POD0809: (_: NoData) => "the episode has no Title: the feed needs one for every episode",
  POD0810: (p: { problem: string }) => p.problem,
  POD0811: (p: { date: string }) => `Date "${p.date}" is not a date (YYYY-MM-DD)`,
  POD0812: (p: { problem: string }) => `podcast.lock.json is not a valid publish record: ${p.problem}`,
  /** `length`: what follows `pause`, as written. */
  POD0901: (p: { length: string }) => `"${p.length}" is no pause length podc can read: the pause is not put into the episode`,
  /** `pause`: the parenthetical as written, parentheses included. */
  POD0902: (p: { pause: string }) => `${p.pause} inside a line is spoken as written, not a pause`,
  POD0903: (_: NoData) => "nothing is said or sung after this pause, so it makes no silence",
  POD0904: (p: { word: string }) => `the lexicon says "${p.word}" as it is written: the entry changes nothing`,
  /** `other`: the lexicon's word found in the respelling of `word`. */
  POD0905: (p: { word: string; other: string }) =>
    `the respelling of "${p.word}" holds "${p.other}", which the lexicon respells too: respellings are not respelled again`,
  /** `path`: as written after INCLUDE:; `reason`: why it cannot be read, in a few words. */
  POD0910: (p: { path: string; reason: string }) => `cannot include ${p.path}: ${p.reason}`,
  /** `chain`: the scripts from this one round to itself, as shown. */
  POD0911: (p: { chain: string }) => `this include goes round in a circle: ${p.chain}`,
  POD0912: (p: { path: string; root: string }) => `${p.path} is outside the project (${p.root}): an include stays inside it`,
  /** `first`: the first error, as `line N: message`. */
  POD0913: (p: { path: string; errors: number; first: string }) =>
    `${p.path} has ${p.errors === 1 ? "an error" : `${p.errors} errors`} (${p.first}): nothing of this script is sent until it is mended`,
  POD0914: (p: { path: string }) => (p.path === "" ? "this include names no script" : `${p.path} is not a .pod script: only .pod scripts can be included`),
  /** `file`: the sound file as the script writes it. */
  POD0920: (p: { file: string }) => `there is no sound file ${p.file} (from the script's folder)`,
  /** `reason`: why the system would not read it (permission denied, a folder). */
  POD0921: (p: { file: string; reason: string }) => `the sound file ${p.file} cannot be read: ${p.reason}`,
  POD0922: (p: { file: string }) => `${p.file} is not an audio file podc can mix (WAV, AIFF, FLAC, MP3, Ogg, Opus or M4A)`,
  /** `size` and `cap`: in megabytes, as shown. */
  POD0923: (p: { file: string; size: string; cap: string }) => `the sound file ${p.file} is ${p.size} MB, over the cap of ${p.cap} MB`,
  POD0924: (p: { file: string }) => `${p.file} is outside the project: a sound file must be inside the folder of the script's podc.json (or git repository)`,
  POD0925: (p: { who: string }) => `this sound cue is read as part of ${p.who}'s speech, and spoken`,
  POD0926: (_: NoData) => "BED out, but no bed plays here: nothing ends",
  /** `written`: the header's value as written. */
  POD0927: (p: { written: string }) => (p.written === "" ? "Play: says nothing" : `Play: ${p.written} is no way podc plays a song`) + ": the one value is bed",
  /** `ends`: what ends the bed before anything is heard under it, in a few words. */
  POD0928: (p: { title: string; ends: string }) =>
    `the song "${p.title}" is a bed, but nothing is said or sung under it before ${p.ends}: it would be paid for and never heard`,
} as const satisfies Record<Code, (params: never) => string>;

/** What code `C`'s message is made from. */
export type MessageData<C extends Code> = Parameters<(typeof MESSAGES)[C]>[0];

/** Code `code`'s message for `data`. */
export function messageFor<C extends Code>(code: C, data: MessageData<C>): string {
  return (MESSAGES[code] as (data: MessageData<C>) => string)(data);
}
