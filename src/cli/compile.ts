import { resolve } from "node:path";
import { analyze } from "../compile.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { parseOptions } from "./args.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { displayPath } from "./scripts.js";
import { readScript, Workspace } from "./workspace.js";

export const OPTIONS = {
  help: { type: "boolean", short: "h", default: false },
} as const;

export const HELP = `podc compile FILE

Prints the script's request plan as JSON to stdout: every request in script order, with the exact body that
would be sent and a content-hash key. With errors, prints the diagnostics to stderr and exits 1.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(argv, OPTIONS);
  if (values.help) {
    io.stdout.write(HELP + "\n");
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError("podc compile takes exactly one FILE");
  const file = resolve(io.cwd, positionals[0]!);
  const shown = displayPath(file, io.cwd);
  const loaded = (await Workspace.forScripts([file])).configFor(file);
  const printer = new DiagnosticPrinter(io, "human");
  await printer.ready();
  if (hasErrors(loaded.diagnostics)) {
    printer.add(loaded.diagnostics, displayPath(loaded.path!, io.cwd), loaded.source);
    return EXIT.usage;
  }
  const read = readScript(file);
  if ("error" in read) {
    io.stderr.write(`podc: cannot read ${shown}: ${read.error}\n`);
    return EXIT.usage;
  }
  const analysis = analyze(read.bytes, { file: shown, config: loaded.config });
  printer.add(analysis.diagnostics, shown, analysis.source, loaded.config.limits.diagnosticsPerFile);
  if (!analysis.plan || hasErrors(analysis.diagnostics)) {
    printer.finish(1);
    return EXIT.failed;
  }
  io.stdout.write(JSON.stringify(analysis.plan, null, 2) + "\n");
  return EXIT.ok;
}
