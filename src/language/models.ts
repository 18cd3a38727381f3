/** The model a song is generated with when nothing names one: the service chooses. */
export const DEFAULT_MODEL = "auto";

/**
 * Where a song's model comes from, most specific first: its own `Model` header, the title page's `Model`, the
 * project's `model` in podc.json, else DEFAULT_MODEL. A value that is empty once trimmed counts as not given.
 */
export const MODEL_PRECEDENCE = ["song", "titlePage", "config"] as const;

export type ModelSource = (typeof MODEL_PRECEDENCE)[number] | "default";
