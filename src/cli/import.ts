import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { importScreenplay } from "../import/index.js";
import { defineCommand, type Parsed } from "./command.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { displayPath } from "../files/display-path.js";
import { readScript, Workspace } from "../workspace/workspace.js";

const OPTIONS = {
  force: { type: "boolean", help: "overwrite a .pod that already exists (without it, an existing .pod is left alone)" },
  stdout: { type: "boolean", help: "print the .pod script to standard output instead of writing a file" },
} as const;

export const command = defineCommand(
  {
    name: "import",
    usage: ["FILE.fountain|FILE.fdx … [--force] [--stdout]"],
    description: `Converts Fountain screenplays and Final Draft (.fdx) documents to .pod scripts, each written beside its
input (FILE.fountain → FILE.pod). Every element is converted: scene headings become sections (# …); action,
transitions and centred text become directions (! …); dialogue stays dialogue. A Cast is generated from the
characters in order of first appearance, with voices from the screenplay's own Cast, else podc.json's cast, else
taken in turn from the configured voice list, and a TODO note asks you to review it. The script written checks
without errors, is already in podc fmt layout, and compiles to exactly the requests the .fountain file compiles to.`,
    options: OPTIONS,
    exit: "0 done, 1 an input has errors (diagnostics printed), 2 usage, an unreadable input, or a .pod in the way.",
    docs: "docs/language.md",
  },
  importFiles,
);

async function importFiles({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  if (positionals.length === 0) throw new UsageError("name the .fountain or .fdx files to import");
  const files = positionals.map((file) => resolve(io.cwd, file));
  for (const [i, file] of files.entries()) {
    if (!/\.(fountain|fdx)$/i.test(file)) throw new UsageError(`${positionals[i]} is not a .fountain or .fdx file`);
  }
  const workspace = await Workspace.forScripts(files);
  const printer = new DiagnosticPrinter(io, "human");
  let code: number = EXIT.ok;
  for (const file of files) {
    const shown = displayPath(file, io.cwd);
    const loaded = workspace.configFor(file);
    if (hasErrors(loaded.diagnostics)) {
      await printer.ready(loaded.diagnostics, loaded.source);
      printer.add(loaded.diagnostics, displayPath(loaded.path ?? file, io.cwd), loaded.source);
      code = EXIT.usage;
      continue;
    }
    const read = readScript(file);
    if ("error" in read) {
      io.stderr.write(`podc: cannot read ${shown}: ${read.error}\n`);
      code = EXIT.usage;
      continue;
    }
    const imported = importScreenplay(read.bytes, file, loaded.config);
    if (imported.diagnostics.length > 0) {
      await printer.ready(imported.diagnostics, imported.source);
      printer.add(imported.diagnostics, shown, imported.source, loaded.config.limits.diagnosticsPerFile);
    }
    if (imported.text === undefined) {
      code = Math.max(code, EXIT.failed);
      continue;
    }
    if (values.stdout) {
      io.stdout.write(imported.text);
      continue;
    }
    const target = file.replace(/\.(fountain|fdx)$/i, ".pod");
    const written = write(target, imported.text, values.force);
    const targetShown = displayPath(target, io.cwd);
    if (written === "exists") {
      io.stderr.write(`podc import: ${targetShown} already exists; left unchanged (--force overwrites it)\n`);
      code = EXIT.usage;
    } else if (written !== undefined) {
      io.stderr.write(`podc: cannot write ${targetShown}: ${written}\n`);
      code = EXIT.usage;
    } else {
      const chosen = imported.cast.filter((member) => member.chosen).length;
      const characters = `${imported.cast.length} character${imported.cast.length === 1 ? "" : "s"}`;
      io.stderr.write(`wrote ${targetShown}: ${characters} in the Cast${chosen > 0 ? `, ${chosen} with voices to review` : ""}\n`);
    }
  }
  return code;
}

/** Writes the file; refuses (atomically: the exclusive flag) to replace one unless `force`. */
function write(path: string, text: string, force: boolean): "exists" | string | undefined {
  try {
    writeFileSync(path, text, { encoding: "utf8", flag: force ? "w" : "wx" });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return "exists";
    return code ?? String(error);
  }
}
