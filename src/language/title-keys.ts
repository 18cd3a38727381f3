/** Title-page keys that change what a script compiles to. */
export const MEANINGFUL_TITLE_KEYS = ["Title", "Cast", "Model"] as const;

/** Metadata keys writers commonly use (Fountain's among them): kept, with no effect on requests. */
export const COMMON_TITLE_KEYS = ["Author", "Authors", "Episode", "Season", "Draft date", "Credit", "Source", "Contact", "Notes", "Copyright", "Series"] as const;

const ALL = new Set<string>([...MEANINGFUL_TITLE_KEYS, ...COMMON_TITLE_KEYS].map((key) => key.toLowerCase()));

/** Whether a key (any case) is one of the title-page keys above. */
export function isKnownTitleKey(key: string): boolean {
  return ALL.has(key.toLowerCase());
}
