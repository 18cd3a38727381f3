// Writes docs/diagnostics.md: every diagnostic code with an example script and what podc prints for it. The output
// is produced by running podc itself, and a test checks that every code has an example that really produces it
// and that the page is current (npx tsx scripts/diagnostics-doc.ts).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { posix } from "node:path";
import { analyze, type IncludeReader } from "../src/compile.js";
import { parseConfig } from "../src/config/load.js";
import { defaultConfig } from "../src/config/schema.js";
import { capDiagnostics } from "../src/diagnostics/cap.js";
import { RULES } from "../src/check/rules.js";
import type { SoundFileFact } from "../src/check/context.js";
import { CODES, type Code } from "../src/diagnostics/codes.js";
import { importScreenplay } from "../src/import/index.js";
import { renderHuman } from "../src/diagnostics/render-human.js";
import { episodeProblems } from "../src/publish/episodes.js";
import { parseRecord } from "../src/publish/publish-record.js";
import { checkSettings } from "../src/publish/settings.js";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { SourceText } from "../src/source/source-text.js";

export const DOC_PATH = fileURLToPath(new URL("../docs/diagnostics.md", import.meta.url));

/** A podc.json with a podcast section that passes, but for `change` (a key's new value, as JSON). */
function podcast(change: Record<string, unknown> = {}): string {
  const settings: Record<string, unknown> = {
    title: "The Night Shift",
    description: "Stories from the hours nobody sees.",
    author: "Night Shift Audio",
    ownerEmail: "hello@example.com",
    language: "en",
    categories: ["Fiction/Drama"],
    explicit: false,
    artwork: "artwork.png",
    baseUrl: "https://example.github.io/night-shift/",
    ...change,
  };
  for (const [key, value] of Object.entries(settings)) if (value === undefined) delete settings[key];
  return `${JSON.stringify({ podcast: settings }, null, 2)}\n`;
}

/** The first bytes of a PNG of `width` × `height` in `colourType` (2 RGB, 0 greyscale). */
export function pngHeader(width: number, height: number, colourType: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  header[25] = colourType;
  return header;
}

const CAST = "Title: Example\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n";

interface Example {
  /** The script (or, with `configOnly`, the podc.json text). */
  text: string;
  /** podc.json beside the script. */
  config?: string;
  configOnly?: boolean;
  /** A check of podc publish: of podc.json's podcast section, of a script as an episode, or of podcast.lock.json. */
  publish?: "settings" | "episode" | "build" | "record";
  /** For a settings example: the artwork's PNG header (width, height, colour type); none: the file is missing. */
  artwork?: [number, number, number];
  /** Scripts beside `episode.pod` that it includes, by path relative to its folder. */
  includes?: Record<string, string>;
  /** The file the example is, when not `episode.pod`: a `.fdx` example is imported (podc import), a `.fountain` checked. */
  file?: string;
  /** What the project's files say of the sound files the script names (any other is missing). */
  soundFiles?: Record<string, SoundFileFact>;
  why: string;
}

export const EXAMPLES: Record<Code, Example> = {
  POD0001: {
    text: CAST + "HOST: caf\u00e9 au lait\n",
    why: "The file must be UTF-8. Bytes that are not are reported, never silently replaced: the example is saved in Latin-1.",
  },
  POD0002: { text: CAST + "HOST: a\u0000b\n", why: "A NUL byte means the file is not plain text (or was damaged)." },
  POD0003: {
    text: CAST + "HOST: pay \u202Eyltsoc\u202C now\n",
    why: "Invisible bidirectional controls can make a line read differently on screen from what is sent. The quick fix deletes it.",
  },
  POD0004: {
    text: CAST + "HOST: a very long script\n",
    config: '{ "limits": { "fileBytes": 40 } }',
    why: "Scripts over `limits.fileBytes` (2 MiB by default, ten times a feature film's script) are not read by any command: check, compile, run, fmt, import and the language server.",
  },
  POD0005: { text: "\n", why: "A script with nothing in it compiles to nothing." },
  POD0006: {
    text: CAST + "HOST: Hello. */ */ */ */\n",
    config: '{ "limits": { "diagnosticsPerFile": 2 } }',
    why: "At most `limits.diagnosticsPerFile` diagnostics (200 by default) are shown for one file, the first ones by position; one line says how many more there are. 0 shows them all.",
  },
  POD0007: {
    text: CAST + "HOST: Hello \uFEFFthere.\n",
    why: "U+FEFF is a byte-order mark only as a file's very first character; anywhere else it is an invisible character that would be sent to the service. The quick fix deletes it.",
  },
  POD0008: {
    text: CAST + "HOST: Hello.\n",
    why: 'Windows Notepad\'s "Unicode" is UTF-16: one error for the whole file (the example is saved as UTF-16), not one per line.',
  },
  POD0101: {
    text: CAST + "HOST: Hello.\n/* cut for time\nGUEST: It's a long story.\n",
    why: "A boneyard hides everything up to `*/`; without one it hides the rest of the script.",
  },
  POD0102: {
    text: CAST + "HOST: Hello [[check this\n\nGUEST: Hi.\n",
    why: "A note ends at `]]` and cannot span a blank line; an unclosed one ends with its line.",
  },
  POD0103: { text: CAST + "HOST: Hello. */\n", why: "A `*/` that closes nothing is probably a boneyard whose `/*` was deleted." },
  POD0110: {
    text: CAST + "HOST: Hello.\n\nand then she left.\n",
    why: "Every line must be an element of the script; a line that is none is never dropped silently.",
  },
  POD0111: { text: CAST + "Host: Hello.\n", why: "Speaker labels are written in capitals; `@Name:` forces a mixed-case label." },
  POD0112: {
    text: "Title: Example\n an indented line with one space\n\n",
    why: "The title page is `Key: value` lines; values continue on lines indented by two spaces or a tab.",
  },
  POD0113: {
    text: "Title: Example\nCast:\n    HOST: Ethan\nHOST: Hello.\n",
    why: "The title page runs to the first blank line, so dialogue right after it is read as metadata.",
  },
  POD0114: {
    text: CAST + "HOST: Hello.\nFun fact: it rained.\n",
    why: "A speech runs to the next blank line: a line under it that looks like a label (`Fun fact:`) is spoken as part of it.",
  },
  POD0118: {
    text: CAST + "HOST: Hello.\n# Part two\n",
    why: "A heading or direction directly under a speech ends it and is never spoken; a blank line before it says so plainly (`podc fmt` adds it).",
  },
  POD0115: { text: CAST + "END SONG\n", why: "`END SONG` closes a song block; here there is none open." },
  POD0116: { text: "Titel: Example\n\n", why: "Unknown title-page keys are kept as metadata; one that is a near-miss of a known key is probably a typo." },
  POD0117: { text: "Title: One\nTitle: Two\n\n", why: "A title-page key given twice: the later value is used." },
  POD0119: {
    text: CAST + "HOST: Hello.\nGUEST \u{1F399}: Hi.\n",
    why: "A line that is meant as a label but holds a slip (a curly apostrophe, an emoji, an aside before the colon, a semicolon or dash for the colon, two colons) is no label: under a speech it is spoken by the speaker above, label and all. The message names the slip; the quick fix makes it the label meant.",
  },
  POD0120: {
    text: CAST + "HOST: (laughing That cannot be true.\n",
    why: "A parenthetical with no `)` is spoken, parenthesis and all. The quick fix closes it after its first word.",
  },
  POD0121: { text: "Title: Example\nCast:\n    HOST = Ethan\n\n", why: "Each Cast line is `LABEL: Voice`." },
  POD0122: {
    text: "Title: Example\nCast:\nHOST: Ethan\n\nHOST: Hi.\n",
    why: "Cast entries are indented under `Cast:`; one written flush left is still taken into the Cast, and reported so that it never passes as a title-page key.",
  },
  POD0124: {
    text: CAST + "HOST: Welcome back. [[ check the levels here\nGUEST: Is this thing on?\nand the pronunciation of Reykjavik ]]\n",
    why: "A cast speaker's `LABEL: text` on a later line of a note that spans lines reads as dialogue but is not sent: most often the note was meant to close before it. The first quick fix closes the note before the line and opens it again after it, so the line is spoken and the rest stays a note; the second keeps it in the note (`\\`). A label on the note's first line (`[[ HOST: another take ]]`) is left alone.",
  },
  POD0123: {
    text: "INT. HOUSE - DAY\n\nWILL\u00a0\nHello.\n",
    file: "episode.fountain",
    why: "A no-break space in a character's name (a word processor puts one there) looks like a space: it is read as one, so that the name stays one speaker with one voice, and reported with the fix.",
  },
  POD0125: {
    text: "INT. HOUSE - DAY\n\n23 (O.S.)\nOpen the door.\n",
    file: "episode.fountain",
    why: "fountain.io: a character's name needs at least one letter (`R2D2` is a name, `23` is not), so a cue-shaped line without one is action, and so is the line under it: that line is reported, since the writer meant it to be spoken. The quick fix forces the cue with `@`, which fountain.io allows for any name; the speaker then needs a voice in the Cast like any other.",
  },
  POD0130: {
    text: '<?xml version="1.0" encoding="UTF-8"?>\n<FinalDraft DocumentType="Script">\n<Content>\n<Paragraph Type="Action"><Text>A door opens.</Paragraph>\n</Content>\n</FinalDraft>\n',
    file: "episode.fdx",
    why: "`podc import` reads a Final Draft `.fdx` with an XML parser: a file that is not well-formed XML, or XML that is no Final Draft document, is one error at its line.",
  },
  POD0201: { text: CAST + "HOSTT: Welcome back to the show.\n", why: "Every speaker needs a voice from the script's Cast or the project's `cast`." },
  POD0202: { text: "Title: Example\nCast:\n    HOST: Etan\n\nHOST: Hi.\n", why: "Cast voices must be in the project's voice list (`voices` in podc.json)." },
  POD0203: { text: "Title: Example\nCast:\n    SONG: Ethan\n\n", why: "`SONG` opens song blocks, so no speaker may take it as a label." },
  POD0204: { text: "Title: Example\nCast:\n    HOST: Ethan\n    HOST: Jake\n\nHOST: Hi.\n", why: "A label cast twice: the later entry is used." },
  POD0205: {
    text: "Title: Night Shift\n\nINT. KITCHEN - NIGHT\n\nANNA\nWho's there?\n\nBEN\nOnly me.\n",
    file: "scene.fountain",
    why: "A Fountain screenplay has no Cast of its own: one with no `Cast:` key, none of whose characters is cast in podc.json, is told so once, at its title page, not once per cue. The quick fix writes a Cast of every character, each with the next of the project's voices; a screenplay cast in part gets POD0201 at each character still without a voice.",
  },
  POD0301: { text: CAST + "SONG: Anthem\n[Verse]\nLa la la\nEND SONG\n", why: "A song needs a `Style:` line, the style prompt the service composes from." },
  POD0302: {
    text: CAST + "SONG: Anthem\nStyle: pop\n\nEND SONG\n",
    why: "A song needs at least one lyric line or tag line: a song of tags alone (`[Instrumental]`) is an instrumental, its tags sent as its lyrics, but the service makes nothing from empty lyrics.",
  },
  POD0303: {
    text: CAST + "SONG: Anthem\nStyle: pop\nLa la la\n\n# Next part\n",
    why: "A song block ends with `END SONG`; a missing one is reported at the song, which ends at the next heading.",
  },
  POD0304: { text: CAST + "SONG: Anthem\nStlye: pop\nLa la la\nEND SONG\n", why: "Song headers are `Style` and `Model`." },
  POD0305: {
    text: CAST + "SONG: Anthem\nStyle: pop\n[Chrous]\nLa la la\n[Guitar Solo]\nEND SONG\n",
    why: "Free-form tags such as `[Guitar Solo]` are sent as written with no word; a tag that nearly names a known section is probably a typo the service would sing.",
  },
  POD0306: {
    text: CAST + "SONG: Anthem\nStyle: pop\nModel: mureka-9\nLa la la\nEND SONG\n",
    config: '{ "models": ["auto", "mureka-7"] }',
    why: "With `models` in podc.json, only those models may be named.",
  },
  POD0307: { text: CAST + "SONG: Anthem\nStyle: pop\nStyle: rock\nLa la la\nEND SONG\n", why: "A song header given twice: the later value is used." },
  POD0308: {
    text: CAST + "SONG: Anthem\nStyle: pop\nLa la la\nModel: auto\nEND SONG\n",
    why: "Headers come before the lyrics; after them, a `Key:` line is sung.",
  },
  POD0309: {
    text: CAST + "SONG: Anthem\nStyle: pop\nTakes: 4\nLa la la\nEND SONG\n",
    why: "The service makes 1 to 3 takes of a song (`n`) and bills each; without `Takes` (or `songs.takes` in podc.json) it makes 2.",
  },
  POD0310: {
    text: CAST + "SONG: Anthem\nStyle: pop\nTakes: 1\nPick: 2\nLa la la\nEND SONG\n",
    why: "`Pick` chooses the take the episode uses; it must be one the service makes. Changing it never sends anything again.",
  },
  POD0311: {
    text: CAST + "SONG: Theme\nStyle: pop\nLa la la\nEND SOGN\n",
    why: "A line that nearly reads END SONG (a typo, or not in capitals) is taken as the song's end, so that nothing after it is sung, and reported there with the fix.",
  },
  POD0312: {
    text: CAST + "SONG: Theme\nStyle: pop\n[Chorus\nLa la la\nEND SONG\n",
    why: "A tag line with no closing bracket is no tag: it is sung as a lyric. The quick fix closes it at the end of the line.",
  },
  POD0313: {
    text: CAST + "SONG: Theme\nStyle: pop\n(Verse 1)\nLa la la\n# Echo effect\nEcho\n**[Chorus: Female]**\nLa la\nEND SONG\n",
    why: "Lyric sheets mark sections in ways the service sings as words: a section name in parentheses or alone on its line, a `#` comment, markdown around a tag. Each is a warning with the fix to the tag meant; parentheses around anything else are backing vocals, and stay.",
  },
  POD0401: {
    text: CAST + "SONG: Anthem\nStyle: pop\n" + "A line of the song\n".repeat(170) + "END SONG\n",
    why: "Lyrics may be at most `limits.lyricsChars` characters (3000) as sent.",
  },
  POD0402: {
    text: CAST + "SONG: Anthem\nStyle: " + "dreamy, ".repeat(130) + "pop\nLa la\nEND SONG\n",
    why: "The style prompt may be at most `limits.promptChars` characters (1024).",
  },
  POD0501: { text: CAST + "[[TODO: record the intro again]]\n", why: "Notes that start with TODO are listed so unfinished work is visible." },
  POD0601: { text: CAST + "HOST\n(silence)\n", why: "A speech with only parentheticals or notes makes no turn." },
  POD0602: {
    text: CAST + "HOST: " + "word ".repeat(90) + "\n",
    why: "A sentence longer than a turn (`limits.turnChars`, 400) is cut at the last space before the limit.",
  },
  POD0603: {
    text: CAST + "HOST: That's hilarious [laugh] — anyway.\n",
    why: "Inline tags are sent as written; a voice that does not act on them reads them aloud. List the ones your voices support in `speech.inlineTags`.",
  },
  POD0604: {
    text: CAST + "HOST: We won \u{1F389} again.\n",
    why: "An emoji or a symbol in a speech is sent as written: a voice may read its name aloud or skip it. The quick fix removes it; words say what it meant.",
  },
  POD0701: { text: '{\n  "limits": { "turnChars": "lots" }\n}\n', configOnly: true, why: "podc.json is checked against its schema (schema/podc.schema.json)." },
  POD0702: { text: '{\n  "cast": { "HOST": "Ethan", }\n}\n', configOnly: true, why: "podc.json must be JSON (no comments, no trailing commas)." },
  POD0801: {
    text: podcast({ ownerEmail: undefined }),
    publish: "settings",
    artwork: [3000, 3000, 2],
    why: "`podc publish` needs every key directories require: title, description, author, ownerEmail, language, categories, explicit, artwork, baseUrl. `podc check` reports them once the podcast section exists.",
  },
  POD0802: {
    text: podcast({ categories: ["Fiction/Sci-Fi"] }),
    publish: "settings",
    artwork: [3000, 3000, 2],
    why: "Apple lists a podcast only under its own categories, spelled exactly; `Main` or `Main/Sub` (docs/publish.md lists them).",
  },
  POD0803: {
    text: podcast(),
    publish: "settings",
    why: "The cover is read from the file `artwork` names, relative to podc.json: it must be there, and be a JPEG or PNG.",
  },
  POD0804: {
    text: podcast(),
    publish: "settings",
    artwork: [1200, 800, 2],
    why: "Apple asks for a square cover of 1400 to 3000 pixels, and rejects a feed for it more often than for anything else; the size is read from the file's header.",
  },
  POD0805: {
    text: podcast(),
    publish: "settings",
    artwork: [3000, 3000, 0],
    why: "Directories ask for a cover in RGB colour; greyscale and CMYK are refused.",
  },
  POD0806: {
    text: podcast({ ownerEmail: "hello-at-example.com" }),
    publish: "settings",
    artwork: [3000, 3000, 2],
    why: "Directories confirm a feed by mail to its owner's address.",
  },
  POD0807: {
    text: podcast({ baseUrl: "example.github.io/night-shift" }),
    publish: "settings",
    artwork: [3000, 3000, 2],
    why: "Every address in the feed is made from `baseUrl`, so it must be the whole https address the site is served at.",
  },
  POD0808: {
    text: podcast({ language: "English" }),
    publish: "settings",
    artwork: [3000, 3000, 2],
    why: "The feed's language (and its transcripts') is a language tag.",
  },
  POD0809: {
    text: "Author: Night Shift Audio\nCast:\n    HOST: Ethan\n\nHOST: Hello.\n",
    publish: "episode",
    why: "Every episode in a feed needs a title: the script's `Title`.",
  },
  POD0810: {
    text: CAST + "HOST: Hello.\n",
    publish: "build",
    why: "A feed's enclosure is the built episode as written, with its length and duration from the files: build the episode first (`podc run` ends with it). A file edited after its build is reported too.",
  },
  POD0811: {
    text: "Title: Example\nDate: 1 December\nCast:\n    HOST: Ethan\n\nHOST: Hello.\n",
    publish: "episode",
    why: "`Date` is the day the episode is published, as YYYY-MM-DD; without it, the day of its first `podc publish`.",
  },
  POD0812: {
    text: '{\n  "recordVersion": 1,\n  "episodes": [\n    { "script": "episodes/a.pod", "title": "A", "guid": "4f1c…", "published": "2026-11-01T12:00:00Z" },\n    { "script": "episodes/b.pod", "title": "B", "guid": "4f1c…", "published": "2026-11-08T12:00:00Z" }\n  ]\n}\n',
    publish: "record",
    why: "podcast.lock.json keeps each published episode's guid, which apps know it by; two episodes with one guid, or a record that cannot be read, stop the publish rather than change what apps have.",
  },
  POD0901: {
    text: CAST + "HOST: Wait for it.\n(pause 3)\nThere.\n",
    why: "A pause (`(beat)`, `(pause)`, `(pause 2s)`) is silence in the episode. A length without its unit, or out of 0.1 to 60 seconds, is never guessed: the script does not build until the length reads.",
  },
  POD0902: {
    text: CAST + "HOST: Wait for it (beat) there.\n",
    why: "Inside a line a parenthetical is spoken text. A pause is a parenthetical on its own line or right after the label's colon; the fix puts it on its own line.",
  },
  POD0904: {
    text: '{\n  "speech": { "lexicon": { "Nguyen": "nguyen" } }\n}\n',
    configOnly: true,
    why: "A lexicon entry maps a written word to what the voice should say; one that says the word as written (in any case) changes nothing.",
  },
  POD0905: {
    text: '{\n  "speech": { "lexicon": { "Siobhan": "Shiv-awn", "Shiv": "Sheev" } }\n}\n',
    configOnly: true,
    why: "The text is respelled once, whole words only, longest entry first: a respelling is never respelled again, so one that holds another entry's word is a chain (or a loop) that does not happen.",
  },
  POD0903: {
    text: CAST + "HOST: That is all.\n(pause 2s)\n",
    why: "A pause goes before what follows it: with nothing after it there is no place for the silence in the episode.",
  },
  POD0910: {
    text: CAST + "INCLUDE: shared/intro.pod\n\nHOST: Tonight, the harbour.\n",
    why: "An include names a .pod script by its path relative to the including script's folder; a missing or unreadable one is reported at the include, before anything is sent.",
  },
  POD0911: {
    text: CAST + "INCLUDE: episode.pod\n\nHOST: Tonight, the harbour.\n",
    why: "A script that includes itself, directly or through the scripts it includes, would never end.",
  },
  POD0912: {
    text: CAST + "INCLUDE: ../../other-show/intro.pod\n\nHOST: Tonight, the harbour.\n",
    why: "An include stays inside the project: the folder of the podc.json that governs the including script, else the repository (the folder holding `.git`), else the script's own folder. A path (or a link) out of it is refused, so that a script never reads someone else's files.",
  },
  POD0913: {
    text: CAST + "INCLUDE: shared/intro.pod\n\nHOST: Tonight, the harbour.\n",
    includes: { "shared/intro.pod": "HOST: Welcome to the show.\nGUSET: Glad to be here.\n" },
    why: "The included script is checked as it is performed here (with this script's cast): its problems are reported in it, at their own lines, and an error there is summed up at the include, since nothing of this script is sent until it is mended.",
  },
  POD0914: {
    text: CAST + "INCLUDE: shared/intro.txt\n\nHOST: Tonight, the harbour.\n",
    why: "Only a .pod script can be included: a Fountain screenplay is read whole, and any other file has no script in it.",
  },
  POD0920: {
    text: CAST + "SFX sounds/door.wav\n\nHOST: Come in.\n",
    why: "A sound cue's file is written from the script's folder. The build mixes it after the requests are paid, so a file that is not there is an error now, before anything is sent.",
  },
  POD0921: {
    text: CAST + "SFX sounds/door.wav\n\nHOST: Come in.\n",
    soundFiles: { "sounds/door.wav": { kind: "unreadable", reason: "permission denied" } },
    why: "The file is there but podc may not read it (its permissions), or it is a folder.",
  },
  POD0922: {
    text: CAST + "BED sounds/harbour.txt\n\nHOST: Welcome back.\n",
    soundFiles: { "sounds/harbour.txt": { kind: "notAudio" } },
    why: "The file's first bytes are none of the audio formats podc mixes: WAV, AIFF, FLAC, MP3, Ogg (Vorbis, Opus) or MP4 audio (M4A, AAC). `podc check` reads only those bytes, so it stays fast; the build measures every sound file with ffprobe before the mix.",
  },
  POD0923: {
    text: CAST + "BED sounds/session.wav\n\nHOST: Welcome back.\n",
    soundFiles: { "sounds/session.wav": { kind: "tooLarge", bytes: 3_221_225_472, cap: 268_435_456 } },
    why: "A sound file may be at most 256 MB: a cue plays a sound or a bed (a bed shorter than its stretch loops), not a recording of hours, and a file that large is usually the wrong one.",
  },
  POD0924: {
    text: CAST + "STING ../../shared/sting.wav\n\n# Part two\n\nHOST: We are back.\n",
    soundFiles: { "../../shared/sting.wav": { kind: "outside" } },
    why: "A sound file must be inside the project: the folder of the podc.json that governs the script (else its git repository), even through a symbolic link, so that the project builds the same on any machine that checks it out.",
  },
  POD0925: {
    text: CAST + "HOST: Listen.\nSFX sounds/door.wav\nGUEST: Who is it?\n",
    soundFiles: { "sounds/door.wav": { kind: "audio" } },
    why: "A line directly under a speech continues it, as it always has: there a cue's line is spoken, as before sound cues existed. A blank line above it makes it a cue.",
  },
  POD0926: {
    text: CAST + "HOST: Welcome back.\n\nBED out\n",
    why: "`BED out` ends the bed that plays; with none playing in this section (a bed ends with its section), it ends nothing, and the bed meant is probably elsewhere.",
  },
  POD0927: {
    text: CAST + "SONG: Harbour Theme\nStyle: ambient, instrumental\nPlay: under\n[Instrumental]\nEND SONG\n\nHOST: Welcome back.\n",
    why: "`Play: bed` lays the song under the speech that follows it; without the header it plays on its own, where it is written. Any other value is a mistake podc does not guess at.",
  },
  POD0928: {
    text: CAST + "HOST: Welcome back.\n\nSONG: Harbour Theme\nStyle: ambient, instrumental\nPlay: bed\n[Instrumental]\nEND SONG\n",
    why: "A song bed plays under what is said or sung after it, up to `BED out`, the next bed or the end of its section. With nothing there it would be paid for and never heard; the fix plays it on its own, where it is written.",
  },
};

/** An include reader over the example's own files, rooted at the folder of `episode.pod`. */
function exampleReader(files: Record<string, string>): IncludeReader {
  return (path, from) => {
    const joined = posix.normalize(posix.join(posix.dirname(from), path));
    if (joined.startsWith("../")) return { outside: "." };
    const text = joined === "episode.pod" ? undefined : files[joined];
    if (joined === "episode.pod") return { id: joined, shown: joined, input: "" };
    return text === undefined ? { unreadable: "no such file" } : { id: joined, shown: joined, input: text };
  };
}

/** Runs an example of podc publish's checks. */
function runPublishExample(example: Example): { codes: string[]; printed: string } {
  let diagnostics: Diagnostic[];
  let file = "podc.json";
  let source = new SourceText(example.text);
  if (example.publish === "settings") {
    const loaded = parseConfig(example.text, "podc.json");
    const artwork = example.artwork;
    diagnostics = checkSettings({
      settings: loaded.config.podcast,
      configPath: "podc.json",
      source,
      readArtwork: () => (artwork ? pngHeader(...artwork) : { error: "ENOENT" }),
      show: (path) => path.replace(/^.*[\\/]/, ""),
    }).diagnostics;
  } else if (example.publish === "record") {
    file = "podcast.lock.json";
    diagnostics = parseRecord(example.text, file).diagnostics;
  } else {
    file = "episode.pod";
    const analysis = analyze(example.text, { file, config: defaultConfig() });
    source = analysis.source;
    diagnostics = episodeProblems(
      { script: analysis.script, text: source, source: file, outDir: "out/episode", buildCommand: "podc build episode.pod" },
      example.publish === "build",
    );
  }
  return { codes: diagnostics.map((d) => d.code), printed: diagnostics.map((d) => renderHuman(d, file, source, false)).join("\n\n") };
}

/** Runs an example and returns what podc prints for it. */
export function runExample(code: Code): { codes: string[]; printed: string } {
  const example = EXAMPLES[code];
  if (example.publish) return runPublishExample(example);
  if (example.configOnly) {
    const loaded = parseConfig(example.text, "podc.json");
    return {
      codes: loaded.diagnostics.map((d) => d.code),
      printed: loaded.diagnostics.map((d) => renderHuman(d, "podc.json", loaded.source, false)).join("\n\n"),
    };
  }
  const config = example.config ? parseConfig(example.config, "podc.json").config : defaultConfig();
  if (example.file?.endsWith(".fountain")) {
    const analysis = analyze(example.text, { file: example.file, config });
    return {
      codes: analysis.diagnostics.map((d) => d.code),
      printed: analysis.diagnostics.map((d) => renderHuman(d, example.file!, analysis.source, false)).join("\n\n"),
    };
  }
  if (example.file !== undefined) {
    const imported = importScreenplay(Buffer.from(example.text, "utf8"), example.file, config);
    return {
      codes: imported.diagnostics.map((d) => d.code),
      printed: imported.diagnostics.map((d) => renderHuman(d, example.file!, imported.source, false)).join("\n\n"),
    };
  }
  const input = code === "POD0001" ? Buffer.from(example.text, "latin1") : code === "POD0008" ? Buffer.from("\ufeff" + example.text, "utf16le") : example.text;
  const facts = example.soundFiles ?? {};
  const soundFiles = (written: string): SoundFileFact => facts[written] ?? { kind: "missing" };
  const analysis = analyze(input, { file: "episode.pod", config, soundFiles, includes: { id: "episode.pod", read: exampleReader(example.includes ?? {}) } });
  const shown = capDiagnostics(analysis.diagnostics, config.limits.diagnosticsPerFile);
  return {
    codes: shown.map((d) => d.code),
    printed: shown.map((d) => renderHuman(d, "episode.pod", analysis.source, false)).join("\n\n"),
  };
}

// Two sections for writers who bring habits from elsewhere: what podc says about them, and what it never says.
const COMING_FROM_FOUNTAIN = [
  "## Coming from Fountain",
  "",
  "A `.fountain` file is read by Fountain's own rules: nothing in it is an error for being Fountain. Action,",
  "transitions, centred text and page breaks are directions, never spoken; scene headings are sections. Voices come",
  "from a `Cast:` key on its title page, else from `podc.json` (an uncast character is POD0201; a screenplay with no cast at all is one POD0205). `podc import`",
  "writes the same script as a `.pod` (see the writer's guide, docs/language.md).",
  "",
  "Typed into a `.pod` script, the same habits read as Fountain means them — `INT. HOUSE - DAY` is a section,",
  "`CUT TO:`, `FADE OUT.`, `> …` and `> … <` are directions, `===` is ignored — except action: a plain paragraph is",
  "POD0110, and its help says to write it as a direction (`! …`). No help ever suggests removing the blank line",
  "above it (that would make the action spoken) or declaring a heading in the Cast. Other habits:",
  "",
  "| you write | podc says |",
  "| --- | --- |",
  "| a paragraph of action | POD0110: write it as `! …`, or give it a speaker |",
  "| `THE BEAST.` alone in capitals | POD0110, not an unknown speaker: action in capitals |",
  "| `Host:` on every line of a paragraph | POD0111 at every one of those lines, in one pass |",
  "| `# heading` or `! direction` right under a speech | POD0118: it ends the speech and is not spoken |",
  "| `*emphasis*`, `_underline_` | nothing: the marks are not spoken |",
  "| `[laugh]` inside a speech | POD0603, unless `speech.inlineTags` lists it |",
  "| `(beat)`, `(pause 2s)` in a speech | nothing: silence in the episode (POD0901 when its length cannot be read) |",
  "| `Cast:` entries typed flush left | POD0122 at each entry, which still counts |",
  "| a file saved as UTF-16 | POD0008, once |",
  "| a Final Draft file that is not well-formed | POD0130 at its line (`podc import`) |",
  "",
];

const WRITING_LYRICS = [
  "## Writing lyrics",
  "",
  "Tag lines are how AI-music writers steer a song, and podc sends them as written. These real tags get no",
  "diagnostic: `[Guitar Solo]`, `[Fade Out]`, `[End]`, `[Natural fade out]`, `[Spoken Word]`, `[Spoken falsetto]`,",
  "`[Male Vocal]`, `[Drop]`, `[Build-up]`, `[Instrumental Interlude]`, `[Soft, intimate]`, `[solo]`;",
  "`[Verse 1: Artist]` and `[Interlude: Melancholic harmonica Solo 1]` are sent with the section's name in its",
  "canonical spelling and the rest as written; `[主歌]`, `[副歌]` are known sections, kept in Chinese. Only a near miss",
  "of a section name is POD0305 — `[Chrous]`, `[Vesre 2]` — with the fix.",
  "",
];

/** The whole page. */
export function diagnosticsDoc(): string {
  const out = [
    "# Diagnostics",
    "",
    "Every problem podc finds has a stable code. Codes never change meaning; `podc check --format json` reports",
    "them as `code`. Severity: an **error** stops `podc compile` and `podc run`; a **warning** or **info** does not.",
    "",
    "| code | severity | meaning |",
    "| --- | --- | --- |",
    ...Object.entries(CODES).map(([code, info]) => `| [${code}](#${code.toLowerCase()}) | ${info.severity} | ${info.title} |`),
    "",
    ...COMING_FROM_FOUNTAIN,
    ...WRITING_LYRICS,
  ];
  for (const [code, info] of Object.entries(CODES) as [Code, (typeof CODES)[Code]][]) {
    const example = EXAMPLES[code];
    const rules = RULES.filter((rule) => rule.codes.includes(code)).map((rule) => `*${rule.name}*`);
    const checkedBy = rules.length > 0 ? ` Checked by the rule ${rules.join(" and ")}.` : "";
    out.push(`## ${code}`, "", `**${info.severity}: ${info.title}.** ${example.why}${checkedBy}`, "");
    const shown = example.text.length > 400 ? example.text.slice(0, 300) + "…\n" : example.text;
    out.push(
      example.publish === "record"
        ? "podcast.lock.json:"
        : example.configOnly || example.publish === "settings"
          ? "podc.json:"
          : example.file?.endsWith(".fountain")
            ? `${example.file}:`
            : example.file
              ? `${example.file} (\`podc import ${example.file}\`):`
              : "Script:",
      "",
      "```",
      shown.replace(/\n$/, "").replace(/[\u0000\u202A-\u202E]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
      "```",
      "",
    );
    if (example.config) out.push("podc.json:", "", "```json", example.config, "```", "");
    for (const [path, text] of Object.entries(example.includes ?? {})) out.push(`${path}:`, "", "```", text.replace(/\n$/, ""), "```", "");
    out.push("podc prints:", "", "```", runExample(code).printed.replace(/[\u0000\u202A-\u202E]/g, "\uFFFD"), "```", "");
  }
  return out.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOC_PATH, diagnosticsDoc());
  process.stdout.write("wrote docs/diagnostics.md\n");
}
