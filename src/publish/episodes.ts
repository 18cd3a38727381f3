import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Script } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { readBuildRecord } from "../episode/build-record.js";
import type { Chapter } from "../episode/chapters.js";
import type { PreviewEpisode } from "../episode/preview-page.js";
import type { Plan } from "../lower/plan.js";
import { verifyFile } from "../files/file-hash.js";
import type { SourceText } from "../source/source-text.js";
import { calendarDate, entry, oneLine, pageProblems, titleOf, titlePageStart } from "./title-page.js";

/*
 * What the feed says of each episode, from its script's title page and its finished files as `podc build` recorded
 * them in build.json: every file still as built (so each enclosure's length is the file's own), its duration, its
 * chapters and its transcript. A draft (`Draft: yes`) is left out; a problem is a diagnostic at the title page.
 */

/** A script to publish, compiled. */
export interface EpisodeScript {
  /** The episode's folder name: its files are `<name>.mp3`, … */
  name: string;
  /** The script as shown in messages. */
  source: string;
  /** The script relative to the repository's root: how the publish record knows it. */
  sourceInRoot: string;
  outDir: string;
  script: Script;
  text: SourceText;
  /** Its requests: who speaks in it, with which voice. */
  plan: Plan;
  /** The command that builds it, for messages. */
  buildCommand: string;
}

export interface EpisodeFile {
  /** The file's name in the episode's folder. */
  file: string;
  path: string;
  bytes: number;
}

export interface PublishedEpisode {
  name: string;
  sourceInRoot: string;
  title: string;
  description?: string;
  /** From `Date:`; else the publish record's first publication. */
  date?: Date;
  season?: number;
  episode?: number;
  durationMs: number;
  /** Every audio format built, the mp3 (or the first) first. */
  audio: (EpisodeFile & { format: string })[];
  vtt: EpisodeFile;
  srt: EpisodeFile;
  transcriptJson: EpisodeFile;
  chaptersJson: EpisodeFile;
  chapters: Chapter[];
  cues: PreviewEpisode["cues"];
  cast: { label: string; voice: string }[];
}

const AUDIO_FORMATS = ["mp3", "m4a", "opus", "flac"];

/** What keeps the episode out of the feed that its script and folder show at once: its title page's problems, no build. */
export function episodeProblems(input: Pick<EpisodeScript, "script" | "text" | "source" | "outDir" | "buildCommand">, built = true): Diagnostic[] {
  const diagnostics = pageProblems(input.script, input.text, input.source);
  if (built && !readBuildRecord(input.outDir))
    diagnostics.push(
      diagnostic(
        "POD0810",
        titlePageStart(input.script, input.text),
        { problem: `${input.source} has not been built: its episode has no build.json` },
        { file: input.source, help: `build it: ${input.buildCommand}` },
      ),
    );
  return diagnostics;
}

/** The episode as the feed needs it, or the diagnostics that keep it out (at the script's title page). */
export async function publishedEpisode(input: EpisodeScript): Promise<{ episode?: PublishedEpisode; diagnostics: Diagnostic[] }> {
  const { script, text, source: file } = input;
  const diagnostics = episodeProblems(input);
  if (diagnostics.length > 0) return { diagnostics };
  const built = await builtFiles(input);
  if ("problem" in built)
    return {
      diagnostics: [
        diagnostic("POD0810", titlePageStart(script, text), { problem: built.problem }, { file, help: `build it again: ${input.buildCommand} --force` }),
      ],
    };
  const number = (name: string) => {
    const value = entry(script, name)?.value.text.trim();
    return value && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  const date = calendarDate(entry(script, "date")?.value.text.trim() ?? "");
  const season = number("season");
  const episodeNumber = number("episode");
  const description = oneLine(entry(script, "description")?.value.text ?? "");
  return {
    diagnostics,
    episode: {
      name: input.name,
      sourceInRoot: input.sourceInRoot,
      title: titleOf(script)!,
      ...(description ? { description } : {}),
      ...(date ? { date } : {}),
      ...(season !== undefined ? { season } : {}),
      ...(episodeNumber !== undefined ? { episode: episodeNumber } : {}),
      ...built,
      cast: castOf(input.plan),
    },
  };
}

type Built = Pick<PublishedEpisode, "durationMs" | "audio" | "vtt" | "srt" | "transcriptJson" | "chaptersJson" | "chapters" | "cues">;

/** The episode's files as its last build wrote them, or what is wrong: never built, or a file gone or changed. */
async function builtFiles(input: EpisodeScript): Promise<Built | { problem: string }> {
  const record = readBuildRecord(input.outDir);
  if (!record) return { problem: `${input.source} has not been built: its episode has no build.json` };
  const files = new Map<string, EpisodeFile>();
  for (const file of record.files) {
    const path = join(input.outDir, file.path);
    if (!(await verifyFile(path, file.bytes, file.sha256))) return { problem: `${file.path} is missing or has changed since the episode was built` };
    files.set(file.path, { file: file.path, path, bytes: file.bytes });
  }
  const named = (suffix: string) => files.get(`${input.name}${suffix}`);
  const audio = AUDIO_FORMATS.flatMap((format) => {
    const found = named(`.${format}`);
    return found ? [{ ...found, format }] : [];
  });
  const vtt = named(".vtt");
  const srt = named(".srt");
  const transcriptJson = named(".transcript.json");
  const chaptersJson = named(".chapters.json");
  if (audio.length === 0 || !vtt || !srt || !transcriptJson || !chaptersJson)
    return { problem: "its build is from an older podc: some of its files are missing" };
  return { durationMs: record.durationMs, audio, vtt, srt, transcriptJson, chaptersJson, chapters: record.chapters, cues: cuesOf(transcriptJson.path) };
}

/** The transcript's cues back from its JSON: a segment with a speaker is speech, one without is lyrics (between ♪). */
function cuesOf(path: string): PreviewEpisode["cues"] {
  const json = JSON.parse(readFileSync(path, "utf8")) as { segments?: { speaker?: string; startTime: number; endTime: number; body: string }[] };
  return (json.segments ?? []).map((s) => ({
    startMs: Math.round(s.startTime * 1000),
    endMs: Math.round(s.endTime * 1000),
    ...(s.speaker !== undefined
      ? { speaker: s.speaker, text: s.body, kind: "speech" as const }
      : { text: s.body.replace(/^♪ | ♪$/g, ""), kind: "lyrics" as const }),
  }));
}

/** Every speaker heard in the episode, with the voice that speaks the part, in the order they first speak. */
function castOf(plan: Plan): { label: string; voice: string }[] {
  const cast = new Map<string, string>();
  for (const request of plan.requests) {
    if (request.kind !== "podcast") continue;
    request.speakers.forEach((label, i) => {
      const voice = request.body.conversations[i]?.voice;
      if (voice !== undefined && !cast.has(label)) cast.set(label, voice);
    });
  }
  return [...cast].map(([label, voice]) => ({ label, voice }));
}
