import { realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileDurably } from "../files/durable.js";
import { format } from "../format/format.js";
import { defineCommand, type Parsed } from "./command.js";
import { EXIT, scriptsNamed, UsageError, type Io } from "./io.js";
import { displayPath } from "../files/display-path.js";
import { dialectOf } from "../workspace/find-scripts.js";
import { readScript, Workspace } from "../workspace/workspace.js";
import { messageFor } from "../diagnostics/messages.js";

const OPTIONS = {
  check: { type: "boolean", help: "write nothing: list the scripts that would change (stdout) and exit 1 if there are any" },
} as const;

export const command = defineCommand(
  {
    name: "fmt",
    usage: ["[PATH|GLOB …] [--check]", "- [--check]"],
    description: `Rewrites scripts in place in the canonical layout; with no argument, every **/*.pod under the current folder.
With -, reads one script from standard input and writes it formatted to standard output. Formatting never
changes what a script compiles to; notes and boneyards are kept exactly. Fountain files are left as written
(podc import converts one to a .pod script).`,
    options: OPTIONS,
    exit: `0 done (or nothing to change), 1 --check found scripts to format or a script is not UTF-8, 2 usage, an
unreadable or unwritable file, or one larger than the size cap (limits.fileBytes).`,
    docs: "docs/format.md",
  },
  fmt,
);

async function fmt({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  if (positionals.includes("-")) {
    if (positionals.length > 1) throw new UsageError("- (standard input) cannot be combined with files");
    return formatStdin(io, values.check);
  }
  const files = await scriptsNamed(positionals, io);
  if (files.length === 0) return EXIT.ok;
  const workspace = await Workspace.forScripts(files);
  let code: number = EXIT.ok;
  let changed = 0;
  for (const file of files) {
    const shown = displayPath(file, io.cwd);
    // A Fountain screenplay keeps the layout its writer gave it: the canonical layout is the .pod one.
    if (dialectOf(file) === "fountain") continue;
    const read = readScript(file);
    if ("error" in read) {
      io.stderr.write(`podc: cannot read ${shown}: ${read.error}\n`);
      code = EXIT.usage;
      continue;
    }
    if (tooLarge(read.bytes.byteLength, workspace.configFor(file).config.limits.fileBytes, shown, io)) {
      code = EXIT.usage;
      continue;
    }
    const text = decodeUtf8(read.bytes);
    if (text === undefined) {
      io.stderr.write(`podc fmt: ${shown} is not valid UTF-8; left unchanged (podc check shows where)\n`);
      code = Math.max(code, EXIT.failed);
      continue;
    }
    const formatted = formatReporting(text, shown, io);
    if (formatted === text) continue;
    changed++;
    if (values.check) {
      io.stdout.write(shown + "\n");
      continue;
    }
    const written = writeAtomically(file, formatted);
    if (written !== undefined) {
      io.stderr.write(`podc: cannot write ${shown}: ${written}\n`);
      code = EXIT.usage;
    }
  }
  if (values.check) return code === EXIT.ok && changed > 0 ? EXIT.failed : code;
  io.stderr.write(summary(changed, files.length) + "\n");
  return code;
}

/** `podc fmt -`: one script from stdin to stdout (with --check, only the verdict). */
async function formatStdin(io: Io, check: boolean): Promise<number> {
  if (!io.stdin) throw new UsageError("there is no standard input to read");
  const max = (await Workspace.forScripts([join(io.cwd, "-")])).configFor(join(io.cwd, "-")).config.limits.fileBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
    size += bytes.byteLength;
    // Past the cap the rest is only counted, never held.
    if (size <= max) chunks.push(bytes);
  }
  if (tooLarge(size, max, "standard input", io)) return EXIT.usage;
  const text = decodeUtf8(Buffer.concat(chunks));
  if (text === undefined) {
    io.stderr.write("podc fmt: standard input is not valid UTF-8\n");
    return EXIT.failed;
  }
  const formatted = formatReporting(text, "-", io);
  if (check) {
    if (formatted === text) return EXIT.ok;
    io.stdout.write("-\n");
    return EXIT.failed;
  }
  io.stdout.write(formatted);
  return EXIT.ok;
}

/** Says so when a script is over the size cap (limits.fileBytes), which fmt, as every command, does not read. */
function tooLarge(size: number, max: number, shown: string, io: Io): boolean {
  if (size <= max) return false;
  io.stderr.write(`podc fmt: ${shown}: ${messageFor("POD0004", { size, max })}; left unchanged (limits.fileBytes in podc.json)\n`);
  return true;
}

/** Formats `text`; when the formatter has to leave it unchanged to keep its meaning, says so (it is a podc bug). */
function formatReporting(text: string, shown: string, io: Io): string {
  const formatted = format(text);
  if (!formatted.safe) {
    io.stderr.write(`podc fmt: ${shown} was left unchanged: it could not be formatted without changing it; please report this\n`);
  }
  return formatted.text;
}

// Text is decoded strictly: a file that is not UTF-8 must never be written back with replacement characters.
// A byte-order mark stays in the text, so that the formatter keeps it.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Replaces a file's content crash-safely (files/durable.ts), so that an interrupted write never leaves a half-written
 * script. Keeps the file's permissions; through a symbolic link, replaces the file it points to. Returns why it
 * failed, or undefined.
 */
function writeAtomically(link: string, text: string): string | undefined {
  try {
    const path = realpathSync(link);
    writeFileDurably(path, text, statSync(path).mode & 0o7777);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

function summary(changed: number, total: number): string {
  const scripts = (n: number) => `${n} script${n === 1 ? "" : "s"}`;
  return changed === 0 ? `${scripts(total)} already formatted` : `formatted ${scripts(changed)} of ${total}`;
}
