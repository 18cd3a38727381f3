/** Title-page keys with meaning, in their documented spelling: the episode's name, its cast, its songs' model. */
export const MEANINGFUL_TITLE_KEYS = ["Title", "Cast", "Model"] as const;

/** Common metadata keys: kept, never sent. A typo of a meaningful key is flagged; these are known, so they are not. */
const METADATA_TITLE_KEYS = [
  "Author",
  "Authors",
  "Episode",
  "Season",
  "Series",
  "Draft date",
  "Draft",
  "Date",
  "Description",
  "Credit",
  "Source",
  "Contact",
  "Notes",
  "Copyright",
] as const;

/** Every known title-page key: those with meaning first, then the metadata, in the order an editor offers them. */
export const TITLE_KEYS: readonly string[] = [...MEANINGFUL_TITLE_KEYS, ...METADATA_TITLE_KEYS];

/** A meaningful title-page key's documented spelling, by its lower-case name. */
export const TITLE_KEY_SPELLING: ReadonlyMap<string, string> = new Map(MEANINGFUL_TITLE_KEYS.map((k) => [k.toLowerCase(), k]));

const KNOWN = new Set(TITLE_KEYS.map((key) => key.toLowerCase()));

/** Whether a key (any case) is one of the known title-page keys. */
export function isKnownTitleKey(key: string): boolean {
  return KNOWN.has(key.toLowerCase());
}
