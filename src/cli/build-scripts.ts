import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "../config/schema.js";
import { BuildError } from "../episode/build-error.js";
import { buildEpisode } from "../episode/build-episode.js";
import { everyRequestDone } from "../episode/episode-audio.js";
import { FFMPEG_INSTALL_HINT, findFfmpeg } from "../episode/ffmpeg.js";
import { displayPath } from "../files/display-path.js";
import { describeFileError, isFileError } from "../files/file-errors.js";
import { episodeFolder, jobKey, MANIFEST_FILE } from "../run/index.js";
import type { TaggedScript } from "./compile-scripts.js";
import { version } from "./installation.js";
import { EXIT, type Io } from "./io.js";

/*
 * Building the finished episodes of compiled scripts: what `podc build` does, and what `podc run` does last. Every
 * problem is a message naming the file and the command that fixes it; ffmpeg's own words, when it failed, follow.
 */

export interface BuildChoice {
  config: Config;
  /** What job keys are made with; undefined when the service is not configured here (the manifest is read in order). */
  keyBase: string | undefined;
  local: boolean;
  /** `--out DIR` as given, for the command that fixes a missing file. */
  out: string | undefined;
  /** The prefix of every message: `podc build` or `podc`. */
  who: string;
  /** Where the written files are listed: stdout for `podc build`, stderr after a run (whose stdout lists manifests). */
  list: "stdout" | "stderr";
  /** After a run: build only the episodes whose every request is done (the run has said what is left of the others). */
  onlyDone?: boolean;
  /** `podc build --force`: build even an episode that is up to date. */
  force?: boolean;
}

/** The exit code of building every script: 0 all built, 1 one could not be, 2 no ffmpeg (said how to install it). */
export async function buildScripts(all: readonly TaggedScript[], choice: BuildChoice, io: Io): Promise<number> {
  const scripts = choice.onlyDone ? all.filter((script) => everyRequestDone(script.outDir)) : all;
  // An episode still waiting for audio is not ready to build, with or without ffmpeg: the run has said what it waits for.
  if (scripts.length === 0) return EXIT.ok;
  const ffmpeg = findFfmpeg("ffmpeg", io.env);
  if (ffmpeg === undefined) {
    io.stderr.write(`${choice.who}: the episode was not built: ffmpeg is not installed — ${FFMPEG_INSTALL_HINT}\n`);
    return EXIT.usage;
  }
  const ffprobe = findFfmpeg("ffprobe", io.env);
  const show = (path: string) => displayPath(path, io.cwd);
  const podcVersion = version();
  let code: number = EXIT.ok;
  for (const script of scripts) {
    if (io.interrupted?.aborted) return EXIT.failed;
    const command = (verb: string) =>
      [verb, ...(choice.local ? ["--local"] : []), ...(choice.out !== undefined ? ["--out", quoted(choice.out)] : []), quoted(script.source)].join(" ");
    const fix = command("podc run");
    const tableRead = choice.local ? undefined : localAudioInstead(script.outDir, script.source);
    if (tableRead !== undefined) {
      // After `podc run --local`, `podc run` would be the paid way to audio the writer already has locally.
      io.stderr.write(
        `${choice.who}: ${script.source}: no audio yet in ${show(script.outDir)}/, but a local run's is in ${show(tableRead)}/: ` +
          `\`${command("podc build --local")}\` builds that table read (\`${fix}\` pays for the service's audio)\n`,
      );
      code = EXIT.failed;
      continue;
    }
    const keyBase = choice.keyBase;
    try {
      const started = performance.now();
      const built = await buildEpisode({
        plan: script.plan,
        tags: script.tags,
        name: script.name,
        outDir: script.outDir,
        scriptDir: script.scriptDir,
        settings: choice.config.build,
        wordsPerMinute: choice.config.speech.wordsPerMinute,
        keyOf: keyBase === undefined ? undefined : (request) => jobKey(request.path, request.body, keyBase),
        fix,
        show,
        ffmpeg,
        ffprobe,
        ...(io.interrupted ? { signal: io.interrupted } : {}),
        version: podcVersion,
        force: choice.force === true,
        // A line per stage: a long episode takes a while to measure and encode, and silence looks like a hang.
        onStage: (stage) => io.stderr.write(`${choice.who}: ${script.name}: ${stage} …\n`),
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (choice.list === "stdout") for (const file of built.files) io.stdout.write(`${show(file)}\n`);
      const what = `${show(built.files[0]!)} (${duration(built.durationMs)}, ${built.chapters.length} chapters)`;
      io.stderr.write(
        built.upToDate
          ? `${choice.who}: ${what} is up to date: built before from the same audio, script and settings (\`${command("podc build --force")}\` builds it again)\n`
          : `${choice.who}: built ${what} in ${seconds} s${reusedNote(built.measurements)}\n`,
      );
    } catch (error) {
      if (isFileError(error)) {
        // The episode's folder cannot be written (permissions, a full disk): what, where, and nothing half-written.
        const path = (error as NodeJS.ErrnoException).path;
        io.stderr.write(`${choice.who}: ${script.source}: cannot write the episode${path ? ` (${show(path)})` : ""}: ${describeFileError(error)}\n`);
        code = EXIT.failed;
        continue;
      }
      if (!(error instanceof BuildError)) throw error;
      io.stderr.write(`${choice.who}: ${script.source}: ${error.message}\n`);
      for (const line of error.lastLines) io.stderr.write(`  ffmpeg: ${line}\n`);
      code = EXIT.failed;
    }
  }
  return code;
}

/** How much of the build's listening an earlier build had done: an edit measures only the pieces it changed. */
function reusedNote(measurements: { reused: number; made: number }): string {
  const { reused, made } = measurements;
  return reused === 0 ? "" : ` (${made} of ${reused + made} measurements made, the rest kept from the last build)`;
}

/** The folder of a local run's audio of the episode whose service folder `outDir` has none, if it has a manifest. */
function localAudioInstead(outDir: string, source: string): string | undefined {
  if (existsSync(join(outDir, MANIFEST_FILE))) return undefined;
  const local = episodeFolder(dirname(outDir), source, true).dir;
  return existsSync(join(local, MANIFEST_FILE)) ? local : undefined;
}

/** `m:ss` or `h:mm:ss`. */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}` : `${m}:${String(sec).padStart(2, "0")}`;
}

/** A path as a shell reads it back: quoted when it holds anything but safe characters. */
function quoted(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
