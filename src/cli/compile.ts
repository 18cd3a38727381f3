import { dirname, relative, resolve, sep } from "node:path";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { defineCommand, type Parsed } from "./command.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { lockedPlan, readLock } from "./model-lock.js";
import { repositoryRoot } from "../config/find.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { Workspace } from "../workspace/workspace.js";

const OPTIONS = {} as const;

export const command = defineCommand(
  {
    name: "compile",
    usage: ["FILE"],
    description: `Prints the script's request plan as JSON to stdout: every request in script order, with the exact body that
would be sent and its request key (a hash of method, path and body, the same on any machine). With errors, prints the diagnostics to stderr and sends nothing anywhere.`,
    options: OPTIONS,
    exit: "0 printed, 1 the script has errors, 2 usage, unreadable file or bad podc.json.",
    docs: "docs/cli.md",
  },
  compile,
);

async function compile({ positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  if (positionals.length !== 1) throw new UsageError("podc compile takes exactly one FILE");
  const file = resolve(io.cwd, positionals[0]!);
  const workspace = await Workspace.forScripts([file]);
  const printer = new DiagnosticPrinter(io, "human");
  const [script] = printer.analysed(workspace, [file]);
  if (!script) {
    // Unreadable (said already), or under a podc.json with errors.
    await printer.brokenConfigs(workspace);
    return EXIT.usage;
  }
  const { shown, loaded, analysis } = script;
  // The requests as podc run would send them: a song podc.lock holds a model for is shown with it (model-lock.ts).
  const root = repositoryRoot(dirname(file), io.cwd);
  const plan = analysis.plan && lockedPlan(analysis.plan, readLock(root), relative(root, file).split(sep).join("/"), false);
  await printer.script(analysis, shown, loaded);
  if (!plan || hasErrors(analysis.diagnostics)) {
    printer.finish(1);
    return EXIT.failed;
  }
  io.stdout.write(JSON.stringify(plan, null, 2) + "\n");
  return EXIT.ok;
}
