import { createHash } from "node:crypto";
import fs from "node:fs";
import { isAbsolute, join } from "node:path";
import { describeFileError } from "./file-errors.js";
import type { JournalEntry } from "./journal-entry.js";
import { parseJournal } from "./journal-format.js";

/*
 * A copy of a repository's journal outside the repository, in the writer's own state folder
 * ($XDG_STATE_HOME/podc, else ~/.local/state/podc): what a rerun needs never to pay again must survive the
 * writer's own tools — `git clean -fdX` takes `.podc/` (and `out/`, with the manifests), a deleted clone takes
 * everything — and they never touch that folder. Each run takes back what the copy knows and the journal lost
 * (loudly), and appends every line it writes to both. The copy is written without its own fsync: it guards
 * against tools, not power cuts, which the journal's fsync already covers, and the page cache is what tools see.
 */

/** The copy's folder for repository `root`, or undefined when the environment names no state or home folder. */
export function journalCopyDir(root: string, env: NodeJS.ProcessEnv): string | undefined {
  const xdg = env.XDG_STATE_HOME?.trim();
  const home = env.HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : home && isAbsolute(home) ? join(home, ".local", "state") : undefined;
  if (!base) return undefined;
  let real = root;
  try {
    real = fs.realpathSync(root);
  } catch {
    // A root that cannot be resolved is named as given.
  }
  return join(base, "podc", "journals", createHash("sha256").update(real).digest("hex").slice(0, 32));
}

/** The copy, opened for appending; its trouble never stops a run (the journal is what counts), it only warns. */
export class JournalCopy {
  readonly path: string;
  /** The entries the copy held when opened. */
  readonly entries: readonly JournalEntry[];
  #fd: number | undefined;
  /** Why the copy could not be written, once it could not: said once, then the copy is left alone. */
  #failure: string | undefined;
  #needsLineBreak: boolean;

  private constructor(path: string, fd: number, entries: JournalEntry[], needsLineBreak: boolean) {
    this.path = path;
    this.#fd = fd;
    this.entries = entries;
    this.#needsLineBreak = needsLineBreak;
  }

  /** Opens (creating) the copy in `dir` for the repository at `root`; throws a file error when it cannot. */
  static open(dir: string, root: string): JournalCopy {
    fs.mkdirSync(dir, { recursive: true });
    // For a person looking in the folder: which repository this copy belongs to.
    fs.writeFileSync(join(dir, "repository"), `${root}\n`);
    const path = join(dir, "journal.jsonl");
    const fd = fs.openSync(path, "a+");
    try {
      const text = fs.readFileSync(path);
      const contents = parseJournal(text);
      return new JournalCopy(path, fd, contents.entries, text.length > 0 && text[text.length - 1] !== 0x0a);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
  }

  /** Why writing the copy failed, if it did. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** Appends whole lines (each ending in a newline); a failure is kept for `failure` and ends the copying. */
  append(text: string): void {
    if (this.#fd === undefined || text.length === 0) return;
    try {
      fs.writeSync(this.#fd, `${this.#needsLineBreak ? "\n" : ""}${text}`);
      this.#needsLineBreak = false;
    } catch (error) {
      this.#failure = describeFileError(error);
      this.close();
    }
  }

  close(): void {
    if (this.#fd === undefined) return;
    try {
      fs.fsyncSync(this.#fd);
    } catch {
      // Only the copy's last lines can be lost here, and only with the machine itself.
    } finally {
      fs.closeSync(this.#fd);
      this.#fd = undefined;
    }
  }
}
