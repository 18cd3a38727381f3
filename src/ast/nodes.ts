import { z } from "zod";
import { SpanSchema } from "../source/span-schema.js";

// The tree of a .pod script. Every node has a span into the decoded source text.
// The parser builds plain objects of these shapes; the schemas document them and let tests validate trees.

/** A piece of source text with its own span (a label, a key, a value), so checks can underline exactly it. */
export const TextAtomSchema = z.object({ text: z.string(), span: SpanSchema });
export type TextAtom = z.infer<typeof TextAtomSchema>;

export const CastEntrySchema = z.object({
  type: z.literal("CastEntry"),
  span: SpanSchema,
  label: TextAtomSchema,
  voice: TextAtomSchema,
});
export type CastEntry = z.infer<typeof CastEntrySchema>;

/** `Key: value` on the title page. `key.text` is as written; `name` is the key in lower case. */
export const TitleEntrySchema = z.object({
  type: z.literal("TitleEntry"),
  span: SpanSchema,
  key: TextAtomSchema,
  name: z.string(),
  /** The value with continuation lines joined by "\n", each trimmed. */
  value: TextAtomSchema,
  /** Only for the `Cast` key. */
  cast: z.array(CastEntrySchema).optional(),
});
export type TitleEntry = z.infer<typeof TitleEntrySchema>;

export const TitlePageSchema = z.object({
  type: z.literal("TitlePage"),
  span: SpanSchema,
  entries: z.array(TitleEntrySchema),
});
export type TitlePage = z.infer<typeof TitlePageSchema>;

export const NoteSchema = z.object({
  type: z.literal("Note"),
  span: SpanSchema,
  /** Text between `[[` and `]]`, trimmed. */
  text: z.string(),
  terminated: z.boolean(),
});
export type Note = z.infer<typeof NoteSchema>;

const BoneyardSchema = z.object({
  type: z.literal("Boneyard"),
  span: SpanSchema,
  terminated: z.boolean(),
});
export type Boneyard = z.infer<typeof BoneyardSchema>;

export const SectionSchema = z.object({
  type: z.literal("Section"),
  span: SpanSchema,
  depth: z.number().int().min(1),
  title: TextAtomSchema,
});
export type Section = z.infer<typeof SectionSchema>;

/** A stretch of spoken text on one line (notes and boneyard already cut out). */
export const SpokenSchema = z.object({ type: z.literal("Spoken"), span: SpanSchema, text: z.string() });
export type Spoken = z.infer<typeof SpokenSchema>;

export const ParentheticalSchema = z.object({
  type: z.literal("Parenthetical"),
  span: SpanSchema,
  /** Text inside the parentheses, trimmed. */
  text: z.string(),
});
export type Parenthetical = z.infer<typeof ParentheticalSchema>;

export const SpeechPartSchema = z.discriminatedUnion("type", [SpokenSchema, ParentheticalSchema, NoteSchema]);
export type SpeechPart = z.infer<typeof SpeechPartSchema>;

const SpeakerSchema = z.object({
  /** The label as the cast knows it: without a leading `@`, inner spaces kept. */
  name: z.string(),
  span: SpanSchema,
  forced: z.boolean(),
});

export const SpeechSchema = z.object({
  type: z.literal("Speech"),
  span: SpanSchema,
  form: z.enum(["inline", "cue"]),
  speaker: SpeakerSchema,
  /** `(V.O.)` and the like after a cue label: kept, does not change the speaker. */
  extension: TextAtomSchema.optional(),
  /** In source order, one Spoken per line of text. */
  parts: z.array(SpeechPartSchema),
});
export type Speech = z.infer<typeof SpeechSchema>;

export const DirectionSchema = z.object({
  type: z.literal("Direction"),
  span: SpanSchema,
  text: z.string(),
  /**
   * What a screenplay line not written with `!` is: Fountain's action, transition (`CUT TO:`), centred text
   * (`> THE END <`), lyric (`~…`) or page break (`===`). Absent for a `!` direction of a .pod script.
   */
  form: z.enum(["action", "transition", "centered", "lyric", "pageBreak"]).optional(),
});
export type Direction = z.infer<typeof DirectionSchema>;

/**
 * A sound cue (`SFX door.wav`, `BED harbour.ogg`, `BED out`, `STING sting.wav`): a local audio file placed in the episode
 * by podc's own mix, never sent. `file` is the path as written, relative to the script's folder; absent for `BED out`.
 */
export const SoundSchema = z.object({
  type: z.literal("Sound"),
  span: SpanSchema,
  kind: z.enum(["effect", "bed", "bedEnd", "sting"]),
  /** The keyword as written: SFX, BED or STING. */
  keyword: z.string(),
  file: TextAtomSchema.optional(),
});
export type Sound = z.infer<typeof SoundSchema>;

export const SongHeaderSchema = z.object({
  type: z.literal("SongHeader"),
  span: SpanSchema,
  key: TextAtomSchema,
  /** Lower-case key: `style`, `model`, … */
  name: z.string(),
  value: TextAtomSchema,
});
export type SongHeader = z.infer<typeof SongHeaderSchema>;

/**
 * A tag line among the lyrics: a line wholly in brackets (`[Verse 2]`, `【主歌】`, `[Guitar Solo]`). `canonical` is the
 * known section it names, or null for a free-form tag, which is sent as written.
 */
export const MarkerSchema = z.object({
  type: z.literal("Marker"),
  span: SpanSchema,
  /** The tag as written, without brackets. */
  raw: z.string(),
  canonical: z.string().nullable(),
  number: z.string().optional(),
  /** After a known section's name and number, as written: `: raspy vocal` in `[verse 1: raspy vocal]`. */
  suffix: z.string().optional(),
  /** The whole line as written, brackets included. */
  written: z.string(),
});
export type Marker = z.infer<typeof MarkerSchema>;

/** A line of lyrics, sent as written. An empty one is a stanza break: blank lines among the lyrics, kept as one. */
export const LyricSchema = z.object({ type: z.literal("Lyric"), span: SpanSchema, text: z.string() });
export type Lyric = z.infer<typeof LyricSchema>;

export const LyricItemSchema = z.discriminatedUnion("type", [MarkerSchema, LyricSchema, NoteSchema]);
export type LyricItem = z.infer<typeof LyricItemSchema>;

export const SongSchema = z.object({
  type: z.literal("Song"),
  span: SpanSchema,
  title: TextAtomSchema,
  headers: z.array(SongHeaderSchema),
  items: z.array(LyricItemSchema),
  /** Span of the `END SONG` line; absent when the song was never closed (an error was reported). */
  end: SpanSchema.optional(),
});
export type Song = z.infer<typeof SongSchema>;

/**
 * `INCLUDE: path`: another .pod script performed where this line stands (a shared intro, a sponsor read). `path` is
 * as written, relative to the including script's folder; what it holds is read by the workspace, not the parser.
 */
export const IncludeSchema = z.object({ type: z.literal("Include"), span: SpanSchema, path: TextAtomSchema });
export type Include = z.infer<typeof IncludeSchema>;

/** Lines that are no element of the language. The parser has reported them; they are kept so nothing is lost. */
export const InvalidSchema = z.object({ type: z.literal("Invalid"), span: SpanSchema, text: z.string() });
export type Invalid = z.infer<typeof InvalidSchema>;

export const BodyElementSchema = z.discriminatedUnion("type", [
  SectionSchema,
  SpeechSchema,
  DirectionSchema,
  SoundSchema,
  NoteSchema,
  SongSchema,
  InvalidSchema,
  IncludeSchema,
]);
export type BodyElement = z.infer<typeof BodyElementSchema>;

export const ScriptSchema = z.object({
  type: z.literal("Script"),
  span: SpanSchema,
  titlePage: TitlePageSchema.optional(),
  body: z.array(BodyElementSchema),
  /** Boneyards are removed before parsing; their spans are kept for folding and formatting. */
  boneyards: z.array(BoneyardSchema),
});
export type Script = z.infer<typeof ScriptSchema>;

export type Node = Script | TitlePage | TitleEntry | CastEntry | BodyElement | SpeechPart | SongHeader | LyricItem | Boneyard;
