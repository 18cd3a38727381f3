/** The two languages podc reads into one tree: its own .pod scripts and Fountain screenplays. */
export type Dialect = "pod" | "fountain";

/** The language of a file, from its name: `.fountain` (any case) is Fountain, anything else a .pod script. */
export function dialectOf(path: string): Dialect {
  return /\.fountain$/i.test(path) ? "fountain" : "pod";
}
