import { dirname, relative, resolve } from "node:path";
import { loadConfigFor } from "../config/load.js";
import { loadDisplayWidth } from "../diagnostics/render-human.js";
import { findFfmpeg } from "../episode/ffmpeg.js";
import { displayPath } from "../files/display-path.js";
import { publish } from "../publish/publish.js";
import { SourceText } from "../source/source-text.js";
import { defineCommand, type Parsed } from "./command.js";
import { compileScripts } from "./compile-scripts.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { EXIT, type Io } from "./io.js";
import { findScripts } from "../workspace/find-scripts.js";

const OPTIONS = {
  local: { type: "boolean", help: "publish the episodes of podc run --local (out/local/<episode>/): a table read, for trying the site" },
  out: { type: "string", arg: "DIR", help: "where the episodes were built, as given to podc build (default: out/ at the repository's root)" },
  site: { type: "string", arg: "DIR", help: "the folder the site is written to, replaced whole (default: site/ at the repository's root)" },
} as const;

export const command = defineCommand(
  {
    name: "publish",
    usage: ["[PATH|GLOB …] [options]"],
    description: `Writes the podcast's site from the built episodes and the podcast section of podc.json: feed.xml
(RSS 2.0 with the itunes tags and the Podcasting 2.0 namespace: guid, transcripts, chapters, persons, season and
episode, alternate enclosures, the disclosure of generated audio), an index page, and one page per episode with
its audio, transcripts and chapters. Scripts marked Draft: yes are left out; with no argument, every **/*.pod
under the current folder.

Everything is checked first (the settings, the artwork, each episode's title, date and built files): any
problem is a diagnostic and nothing is written. The site is written whole beside its folder and swapped in.
Each episode's guid is kept in podcast.lock.json at the repository's root: commit it, so that a guid never
changes once published.`,
    options: OPTIONS,
    exit: "0 published; 1 a problem with the podcast's settings, an episode or the publish record (nothing written); 2 usage, unreadable file or bad configuration.",
    docs: "docs/publish.md",
  },
  publishCommand,
);

async function publishCommand({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  await loadDisplayWidth();
  const files = await findScripts(positionals, io.cwd);
  if (files.length === 0) {
    io.stderr.write("podc publish: no .pod scripts found\n");
    return EXIT.failed;
  }
  const compiled = await compileScripts(files, { out: values.out, local: values.local === true }, io);
  if ("exitCode" in compiled) return compiled.exitCode;
  const loaded = loadConfigFor(dirname(files[0]!));
  const configPath = loaded.path ?? resolve(compiled.root, "podc.json");
  const show = (path: string) => displayPath(path, io.cwd);
  const siteDir = values.site !== undefined ? resolve(io.cwd, values.site) : resolve(compiled.root, "site");
  const build = (source: string) =>
    ["podc build", ...(values.local ? ["--local"] : []), ...(values.out !== undefined ? ["--out", values.out] : []), source].join(" ");
  const result = await publish({
    root: compiled.root,
    siteDir,
    settings: compiled.config.podcast,
    configPath,
    configSource: loaded.source ?? new SourceText(""),
    episodes: compiled.scripts.map((s) => ({
      name: s.name,
      source: s.source,
      sourceInRoot: s.sourceInRoot,
      outDir: s.outDir,
      script: s.script,
      text: s.text,
      plan: s.plan,
      buildCommand: build(s.source),
    })),
    show,
    ffprobe: findFfmpeg("ffprobe", io.env),
    now: new Date(),
  });
  if (result.refused) {
    io.stderr.write(`podc publish: ${result.refused}\n`);
    return EXIT.usage;
  }
  const printer = new DiagnosticPrinter(io, "human");
  for (const problem of result.problems) {
    await printer.ready(problem.diagnostics, problem.source);
    printer.add(problem.diagnostics, problem.file, problem.source);
  }
  if (!result.published) {
    printer.finish(files.length);
    io.stderr.write(`podc publish: nothing was written: fix the problems above first\n`);
    return EXIT.failed;
  }
  const p = result.published;
  io.stdout.write(`${show(siteDir)}/feed.xml\n`);
  io.stderr.write(
    `podc publish: wrote ${relative(io.cwd, siteDir) || "."}/ (${p.files} files): ${p.episodes} episode${p.episodes === 1 ? "" : "s"}${p.drafts > 0 ? `, ${p.drafts} draft${p.drafts === 1 ? "" : "s"} left out` : ""}${p.newGuids > 0 ? `; ${p.newGuids} new guid${p.newGuids === 1 ? "" : "s"} in podcast.lock.json (commit it)` : ""}; the feed will be at ${p.feedUrl}\n`,
  );
  return EXIT.ok;
}
