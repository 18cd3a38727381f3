import { hostname } from "node:os";
import { resolve } from "node:path";
import { loadDisplayWidth } from "../diagnostics/render-human.js";
import { baseUrlFrom, localKeyBase } from "../run/index.js";
import { currentHolder, isAlive } from "../state/lock.js";
import { stateDir } from "../state/store.js";
import { buildScripts } from "./build-scripts.js";
import { defineCommand, type Parsed } from "./command.js";
import { compileScripts } from "./compile-scripts.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { fittedToTerminal } from "./terminal-lines.js";

const OPTIONS = {
  local: { type: "boolean", help: "build from the audio of podc run --local (out/local/<episode>/)" },
  out: { type: "string", arg: "DIR", help: "where the episodes were written, as given to podc run (default: out/ at the repository's root)" },
  force: { type: "boolean", help: "build even an episode that is up to date (built before from the same audio, script and settings)" },
} as const;

export const command = defineCommand(
  {
    name: "build",
    usage: ["FILE… [options]"],
    description: `Assembles the finished episode from the audio podc run downloaded, without the network: the segments
and the picked takes in script order with gaps and song fades, loudness-normalised (EBU R128, -16 LUFS, -1 dBTP
by default), as <episode>.mp3 with ID3 tags and chapters (and m4a, opus, flac as build.formats asks), with
<episode>.chapters.json, <episode>.vtt, <episode>.srt, <episode>.transcript.json and a preview page index.html,
all in <out>/<episode>/. podc run ends with it.

An episode built before from the same audio, script, settings and podc is left as it is (its build.json says
what it was built from); --force builds it anyway. Needs ffmpeg on the PATH (or PODC_FFMPEG). Changing a song's
Pick and building again sends nothing.`,
    options: OPTIONS,
    exit: "0 built, or up to date; 1 script errors, audio missing or changed (the message says which and how to fetch it), or ffmpeg failed; 2 usage, unreadable file, bad configuration, no ffmpeg.",
    docs: "docs/build.md",
  },
  build,
);

async function build({ values, positionals }: Parsed<typeof OPTIONS>, given: Io): Promise<number> {
  // Every line it prints for good fits a terminal's width (terminal-lines.ts).
  const io = fittedToTerminal(given);
  await loadDisplayWidth();
  if (positionals.length === 0) throw new UsageError("podc build takes one or more FILE (see podc build --help)");
  const files = positionals.map((p) => resolve(io.cwd, p));
  const compiled = await compileScripts(files, { out: values.out, local: values.local }, io);
  if ("exitCode" in compiled) return compiled.exitCode;
  // A run at work may be replacing the very files the build reads; it builds its episodes itself when it ends.
  const holder = currentHolder(stateDir(compiled.root));
  if (holder && holder.host === hostname() && isAlive(holder)) {
    io.stderr.write(
      `podc build: a podc run is working in this repository (pid ${holder.pid} since ${holder.startedAt}): it builds its episodes when it ends; build once it has\n`,
    );
    return EXIT.failed;
  }
  let keyBase: string | undefined;
  if (values.local) keyBase = localKeyBase((await (await import("./local-service.js")).localVoice()).identity);
  else {
    // Without the service's address the manifest is read in order: it lists the requests as the run sent them.
    const target = baseUrlFrom(io.env, compiled.config.service);
    if (!("error" in target)) keyBase = target.keyBase;
  }
  return buildScripts(
    compiled.scripts,
    { config: compiled.config, keyBase, local: values.local, out: values.out, who: "podc build", list: "stdout", force: values.force },
    io,
  );
}
