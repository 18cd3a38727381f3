/*
 * Script text shown on a terminal. A script is data from anyone (a pull request, an imported screenplay): a title
 * holding `ESC]0;…` would set the window's title, `ESC[2J` clear the screen, a carriage return overwrite what podc
 * printed, a bidirectional override reorder it. Every printer of script text passes it through here first.
 */

// C0 controls but tab and line feed, DEL, C1 controls (U+009B is a one-character CSI on some terminals), and the
// bidirectional embeddings, overrides and isolates.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every character that could steer a terminal shown as U+FFFD (�), and tabs as single spaces. */
export function terminalSafe(text: string): string {
  return text.replace(/\t/g, " ").replace(UNSAFE, "\uFFFD");
}

/**
 * `value` with terminalSafe applied to every string in it, through arrays and plain objects (anything else, a Map or
 * a class's instance, is kept as it is); the same object when no string changes.
 */
export function terminalSafeAll<T>(value: T): T {
  if (typeof value === "string") return terminalSafe(value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => terminalSafeAll(item));
    return items.some((item, i) => item !== value[i]) ? (items as T) : value;
  }
  if (typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const safe = terminalSafeAll(item as unknown);
      if (safe !== item) changed = true;
      return [key, safe] as const;
    });
    return changed ? (Object.fromEntries(entries) as T) : value;
  }
  return value;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * How many terminal columns a text takes: its length for printable ASCII, string-width's count for anything else.
 * string-width (and its Unicode tables) is loaded only when one of `texts`, the texts to be measured, needs it; with
 * no `texts` (any text may come), always.
 */
export async function displayWidthFor(texts?: Iterable<string>): Promise<(text: string) => number> {
  let wide = texts === undefined;
  for (const text of texts ?? []) if (!PRINTABLE_ASCII.test(text)) wide = true;
  if (!wide) return (text) => text.length;
  const { default: stringWidth } = await import("string-width");
  return (text) => (PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text));
}
