import { z } from "zod";

import { DEFAULT_DIAGNOSTICS_PER_FILE } from "../diagnostics/cap.js";
import { DEFAULT_VOICES, DEFAULT_WORDS_PER_MINUTE } from "./defaults.js";
import { DEFAULT_QUERY_PATH } from "../contract/paths.js";
import { DEFAULT_MODEL } from "../language/models.js";

export { DEFAULT_VOICES, defaultConfig } from "./defaults.js";

export const LimitsSchema = z
  .object({
    lyricsChars: z.number().int().positive().default(3000).describe("Most characters of lyrics in one song request."),
    promptChars: z.number().int().positive().default(1024).describe("Most characters of a song's style prompt."),
    turnsPerRequest: z.number().int().positive().default(10).describe("Most turns in one podcast request; longer segments are cut into several requests."),
    turnChars: z.number().int().positive().default(400).describe("Most characters in one podcast turn; longer speeches are split at sentence ends."),
    voicesPerRequest: z.number().int().positive().default(2).describe("Most distinct voices in one podcast segment."),
    fileBytes: z
      .number()
      .int()
      .positive()
      .default(2 * 1024 * 1024)
      .describe("Largest script, in bytes, that podc reads; a larger file is one diagnostic and is not parsed."),
    diagnosticsPerFile: z
      .number()
      .int()
      .min(0)
      .default(DEFAULT_DIAGNOSTICS_PER_FILE)
      .describe("Most diagnostics shown for one file (the first ones by position), followed by one line saying how many more; 0 shows all."),
  })
  .strict();
export type Limits = z.infer<typeof LimitsSchema>;

export const ServiceSettingsSchema = z
  .object({
    baseUrl: z.string().url().optional().describe("Base address of the Audio Generation Service; PODC_BASE_URL overrides it."),
    queryPath: z
      .string()
      .regex(/\{id\}/, "the query path template must contain {id}")
      .default(DEFAULT_QUERY_PATH)
      .describe("Path template for reading a song task; {id} is replaced by the URL-encoded task id."),
    pollIntervalMs: z.number().int().min(100).default(5000).describe("Milliseconds between polls of a running song task."),
    timeoutMs: z
      .number()
      .int()
      .min(1000)
      .default(15 * 60 * 1000)
      .describe("Overall deadline of one `podc run`, in milliseconds."),
    requestTimeoutMs: z.number().int().min(100).default(120_000).describe("Deadline of one HTTP request, in milliseconds."),
    concurrency: z.number().int().min(1).max(64).default(1).describe("Paid requests in flight at once (1 on trial accounts)."),
    songLinks: z
      .enum(["lossless", "mp3"])
      .default("lossless")
      .describe(
        "Which of a song take's links to download: `lossless` takes `wav_url` or `flac_url` when the service offers one (else the mp3 `url`), `mp3` only the mp3.",
      ),
    maxCost: z
      .number()
      .min(0)
      .optional()
      .describe(
        "Most a run may spend on new requests, in `pricing.currency`, estimated from `pricing`; a run that would spend more sends nothing. `--max-cost` overrides it.",
      ),
  })
  .strict();
export type ServiceSettings = z.infer<typeof ServiceSettingsSchema>;

const SpeechSettingsSchema = z
  .object({
    inlineTags: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Inline tags the voices support, such as "laugh" for [laugh] or "break" for <break time="1s"/>; any other tag in a speech is sent as written with a warning that the voice may read it aloud.',
      ),
    directionTags: z
      .record(z.string().min(1), z.string().min(1))
      .optional()
      .describe(
        'Parentheticals the voices act on, each with the tag sent in its place: {"whispering": "[whispers]"} sends [whispers] where the script has (whispering). Keys ignore case. Off by default: every parenthetical but a pause is a direction for the reader, not rendered.',
      ),
    lexicon: z
      .record(z.string().min(1), z.string().min(1))
      .optional()
      .describe(
        'Pronunciation: a written word (or words) → what the voice should say, {"Nguyen": "Win"}. Whole words, any case; only the text sent to a voice is respelled, the transcript and the page keep the word as written.',
      ),
    lexiconFile: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A JSON file of more lexicon entries, {"Nguyen": "Win"}, by its path from this podc.json (a team keeps its names in one file). Its entries are checked like speech.lexicon\'s; an entry of speech.lexicon wins over the file\'s for the same word.',
      ),
    wordsPerMinute: z
      .number()
      .positive()
      .max(1000)
      .default(DEFAULT_WORDS_PER_MINUTE)
      .describe("Speaking rate used for estimated durations (podc stats, the editor's hints, aligning a transcript with the audio)."),
  })
  .strict();

const SongSettingsSchema = z
  .object({
    takes: z
      .number()
      .int()
      .min(1)
      .max(3)
      .optional()
      .describe(
        "Takes the service makes of each song (sent as `n`), unless the song says `Takes`; each take is billed. Unset: `n` is not sent and the service makes 2.",
      ),
  })
  .strict();

export const PricingSchema = z
  .object({
    currency: z.string().min(1).default("USD").describe("The currency the prices below are in, as shown next to every estimated cost."),
    songTake: z.number().min(0).default(0).describe("Price of one take of one song (a song request of `n` takes costs n times this)."),
    podcastRequest: z.number().min(0).default(0).describe("Price of one podcast request, whatever its length."),
    podcastPer1000Chars: z.number().min(0).default(0).describe("Price of 1,000 characters of spoken text in podcast requests."),
  })
  .strict();
export type Pricing = z.infer<typeof PricingSchema>;

const LOUDNESS_DEFAULTS = { integratedLufs: -16, truePeakDbtp: -1, loudnessRange: 11 };

export const BuildSettingsSchema = z
  .object({
    formats: z
      .array(z.enum(["mp3", "m4a", "opus", "flac"]))
      .min(1)
      .default(["mp3"])
      .describe("Files `podc build` writes for the whole episode: mp3 (with ID3 chapters) and, as options, m4a, opus, flac."),
    gapMs: z.number().int().min(0).max(10_000).default(600).describe("Silence between two segments of the episode, in milliseconds."),
    songGapMs: z.number().int().min(0).max(10_000).default(1000).describe("Silence before and after a song, in milliseconds."),
    songFadeInMs: z.number().int().min(0).max(30_000).default(500).describe("Fade-in at the start of each song, in milliseconds."),
    songFadeOutMs: z.number().int().min(0).max(30_000).default(2000).describe("Fade-out at the end of each song, in milliseconds."),
    loudness: z
      .object({
        integratedLufs: z.number().min(-70).max(-5).default(LOUDNESS_DEFAULTS.integratedLufs).describe("Integrated loudness target (EBU R128), in LUFS."),
        truePeakDbtp: z.number().min(-9).max(0).default(LOUDNESS_DEFAULTS.truePeakDbtp).describe("Highest true peak, in dBTP."),
        loudnessRange: z
          .number()
          .min(1)
          .max(50)
          .default(LOUDNESS_DEFAULTS.loudnessRange)
          .describe("Loudness range target, in LU: not acted on, since levelling keeps each piece's dynamics as they are."),
      })
      .strict()
      .default(LOUDNESS_DEFAULTS)
      .describe(
        "Loudness levelling (EBU R128): each piece of the episode brought to the target from its own measured loudness; podcast platforms ask for -16 LUFS and -1 dBTP.",
      ),
    bitrateKbps: z.number().int().min(32).max(320).default(128).describe("Bit rate of the mp3, m4a and opus files, in kbit/s."),
    // Optional rather than defaulted: a default would enter every project's settings, and so change the key of every
    // episode already built (build-record.ts), rebuilding them all for nothing.
    sceneNumbers: z
      .boolean()
      .optional()
      .describe(
        "Keep a screenplay's scene numbers in chapter titles, before the heading (`INT. HOUSE - DAY #12A#` becomes `12A. INT. HOUSE - DAY`); left out when absent or false, as page layout.",
      ),
  })
  .strict();
export type BuildSettings = z.infer<typeof BuildSettingsSchema>;

/**
 * The podcast `podc publish` makes of the built episodes. Every key is optional here, so an unfinished section never
 * stops a run; `podc publish` and `podc check` say what is missing or wrong, each at its key (src/publish/settings.ts).
 */
export const PodcastSettingsSchema = z
  .object({
    title: z.string().optional().describe("The podcast's name, as directories show it."),
    description: z.string().optional().describe("What the podcast is about: the feed's description (plain text)."),
    author: z.string().optional().describe("Who makes the podcast (itunes:author)."),
    ownerName: z.string().optional().describe("The owner's name, for directories only (itunes:owner); the author when unset."),
    ownerEmail: z.string().optional().describe("The owner's email address: directories write to it to confirm the feed (itunes:owner)."),
    language: z.string().optional().describe('The language of the episodes, a language tag such as "en" or "en-GB"; also the transcripts\' language.'),
    categories: z
      .array(z.string())
      .optional()
      .describe('Apple Podcasts categories, the first the main one: "Fiction" or, with a subcategory, "Fiction/Science Fiction".'),
    explicit: z.boolean().optional().describe("Whether the episodes hold explicit content (itunes:explicit); directories require it."),
    artwork: z.string().optional().describe("The cover, a square JPEG or PNG of 1400 to 3000 pixels in RGB, relative to podc.json."),
    baseUrl: z.string().optional().describe('Where the site will be served, such as "https://you.github.io/night-shift/": the feed is its feed.xml.'),
    license: z.string().optional().describe('The licence of the episodes, such as "CC BY 4.0" (podcast:license).'),
    type: z.enum(["episodic", "serial"]).optional().describe("episodic (newest first, the default) or serial (in order, by season)."),
  })
  .strict();
export type PodcastSettings = z.infer<typeof PodcastSettingsSchema>;

/** The project configuration, `podc.json`, found by walking up from each script. */
export const ConfigSchema = z
  .object({
    $schema: z.string().optional(),
    cast: z
      .record(z.string().min(1), z.string().min(1))
      .default({})
      .describe("Speaker label → voice, shared by every script; a script's own Cast overrides it label by label."),
    voices: z
      .array(z.string().min(1))
      .default([...DEFAULT_VOICES])
      .describe("Voice names the account can use; a cast voice outside this list is an error."),
    model: z.string().min(1).default(DEFAULT_MODEL).describe("Default song model when neither the song nor the title page names one."),
    models: z.array(z.string().min(1)).optional().describe("Allow-list of song models; when set, any other model is an error."),
    limits: LimitsSchema.default(LimitsSchema.parse({})),
    speech: SpeechSettingsSchema.default(SpeechSettingsSchema.parse({})),
    service: ServiceSettingsSchema.default(ServiceSettingsSchema.parse({})),
    songs: SongSettingsSchema.default({}),
    pricing: PricingSchema.optional().describe(
      "Prices of the service, for estimated costs (podc stats, run --dry-run, maxCost); none are built in, since prices change.",
    ),
    build: BuildSettingsSchema.default(BuildSettingsSchema.parse({})),
    podcast: PodcastSettingsSchema.optional().describe("The podcast feed and site podc publish writes from the built episodes (docs/publish.md)."),
  })
  .strict();
export type Config = z.infer<typeof ConfigSchema>;
