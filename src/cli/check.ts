import type { LoadedConfig } from "../config/load.js";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { defineCommand, type OptionTable, type Parsed } from "./command.js";
import { DiagnosticPrinter, FORMATS, type Format } from "./diagnostic-printer.js";
import { EXIT, scriptsNamed, type Io } from "./io.js";
import { displayPath } from "../files/display-path.js";
import { Workspace } from "../workspace/workspace.js";

const OPTIONS = {
  format: {
    type: "string",
    choices: FORMATS,
    default: "human",
    help: 'human: each diagnostic with its source line, underlined, and help (stderr); json: one object {"diagnostics": […]} (stdout); line: file:line:col: severity code: message (stdout, for problem matchers)',
  },
  watch: { type: "boolean", help: "check again whenever a script or podc.json changes" },
} as const satisfies OptionTable;

export const command = defineCommand(
  {
    name: "check",
    usage: ["[PATH|GLOB …] [options]"],
    description: "Parses and checks scripts; with no argument, every **/*.pod under the current folder (skipping node_modules\nand dot-folders).",
    options: OPTIONS,
    exit: "0 clean (warnings allowed), 1 errors, 2 usage, unreadable file or bad podc.json.",
    docs: "docs/cli.md",
  },
  check,
);

async function check({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  const format = values.format as Format;
  if (values.watch) {
    const { watchCheck } = await import("./watch.js");
    return watchCheck(positionals, format, io);
  }
  const files = await scriptsNamed(positionals, io);
  if (files.length === 0) return EXIT.ok;
  return checkFiles(files, format, io, await Workspace.forScripts(files));
}

/** What tells one diagnostic of `file` from another, so that a script both checked and included is reported once. */
function keyOf(d: Diagnostic, file: string): string {
  return `${file}\0${d.span.start.offset}\0${d.code}\0${d.message}`;
}

/** Checks scripts and prints what was found; returns the exit code. */
async function checkFiles(files: readonly string[], format: Format, io: Io, workspace: Workspace): Promise<number> {
  const printer = new DiagnosticPrinter(io, format);
  let failed = false;
  const podcasts = new Map<string, LoadedConfig>();
  const printed = new Set<string>();
  for (const { shown, loaded, analysis } of printer.analysed(workspace, files, { plan: false })) {
    // A project with a podcast section: what keeps each episode out of its feed is reported with the script.
    if (loaded.config.podcast && loaded.path) {
      podcasts.set(loaded.path, loaded);
      const { isDraft, pageProblems } = await import("../publish/title-page.js");
      if (!isDraft(analysis.script)) analysis.diagnostics.push(...pageProblems(analysis.script, analysis.source, shown));
    }
    // What an included script holds is printed under its own name, once, however many scripts include it.
    const own = analysis.diagnostics.filter((d) => !printed.has(keyOf(d, shown)));
    for (const d of own) printed.add(keyOf(d, shown));
    await printer.script({ diagnostics: own, source: analysis.source }, shown, loaded);
    for (const part of analysis.included ?? []) {
      const fresh = part.diagnostics.filter((d) => !printed.has(keyOf(d, part.file)));
      for (const d of fresh) printed.add(keyOf(d, part.file));
      await printer.script({ diagnostics: fresh, source: part.source }, part.file, loaded);
    }
    if (hasErrors(analysis.diagnostics)) failed = true;
  }
  for (const [path, loaded] of podcasts) {
    const { podcastSettingsProblems } = await import("../publish/settings.js");
    const found = podcastSettingsProblems(loaded.config.podcast, path, loaded.source!, (p) => displayPath(p, io.cwd));
    await printer.ready(found, loaded.source);
    printer.add(found, displayPath(path, io.cwd), loaded.source);
    if (hasErrors(found)) failed = true;
  }
  await printer.brokenConfigs(workspace);
  printer.finish(files.length);
  return printer.exitCode(failed);
}
