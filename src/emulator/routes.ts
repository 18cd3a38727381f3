// The service's routes as the emulator answers them: which route a request is, and what each does and costs.

import { setTimeout as delay } from "node:timers/promises";
import { PODCAST_PATH, SONG_PATH } from "../contract/requests.js";
import { CONTENT_TYPES, encodeAudio, ffmpegOf, type EncodedFormat } from "./audio/encode.js";
import { lyricsSectionsOf, planSong, renderSongCooperatively } from "./audio/song.js";
import { renderSpeech } from "./audio/speech.js";
import { encodeWav } from "./audio/wav.js";
import { BREAKAGE_KINDS, REFUSAL_KINDS, TASK_FAULT_KINDS } from "./faults.js";
import type { StoredAudio } from "./files.js";
import type { RenderedChoice, TaskEnding } from "./tasks.js";
import { checkPodcast, checkSong } from "./validation.js";
import { drain, header, MESSAGES, readBody, type Exchange, type Reply, type State } from "./exchange.js";
import { quirkAuthFailure, quirkRefusal } from "./quirks.js";
import { bill, errorReply, notFound, overCapacity, parseJsonBody, refusalReply, send } from "./replies.js";

/** Answers one request: its route, the key, the faults asked for, the work and what it is billed. */
export async function route(ex: Exchange): Promise<void> {
  const { state, req, url } = ex;
  const method = req.method ?? "GET";
  const files = /^\/files\/([0-9a-f]+)\/[^/]+$/.exec(url.pathname);
  if (files) {
    await drain(req);
    if (method !== "GET" && method !== "HEAD") return send(ex, errorReply(405, "Method Not Allowed"));
    return serveAudio(ex, files[1]!);
  }
  if (ex.origin === "cdn") {
    await drain(req);
    return send(ex, notFound(state));
  }
  const match = matchApiRoute(url, state.config.service.queryPath);
  if (!match) {
    await drain(req);
    return send(ex, notFound(state));
  }
  ex.record.route = match.route;
  const expected = match.route === "song.query" ? "GET" : "POST";
  const body = await readBody(req);
  if (method !== expected) return send(ex, errorReply(405, "Method Not Allowed"));
  const paid = match.route !== "song.query";
  if (ex.record.authorization !== "valid") {
    const refused = quirkAuthFailure(state.quirks, MESSAGES.auth);
    if (paid) bill(ex, { status: refused.status, billed: false, units: 0, body });
    return send(ex, errorReply(refused.status, refused.message));
  }
  const region = quirkRefusal(state.quirks);
  if (region) {
    if (paid) bill(ex, { status: region.status, billed: false, units: 0, body, fault: "region-403" });
    return send(ex, errorReply(region.status, region.message));
  }
  const latency = state.faults.take(match.route, ["latency"]);
  const refusal = state.faults.take(match.route, REFUSAL_KINDS);
  if (refusal) {
    const reply = refusalReply(refusal, state.quirks);
    ex.record.fault = refusal.kind;
    if (paid) bill(ex, { status: reply.status, billed: false, units: 0, body, fault: refusal.kind });
    await delay(latency?.ms ?? 0);
    return send(ex, reply);
  }
  const work: Work =
    match.route === "song.query"
      ? { reply: query(ex, match.id), units: 0 }
      : match.route === "song.generate"
        ? createSong(ex, body)
        : await createPodcast(ex, body);
  const reply = work.reply;
  // Breakage applies to work actually done; a refused request stays a plain refusal.
  const breakage = reply.type === "json" && reply.status === 200 ? state.faults.take(match.route, BREAKAGE_KINDS) : undefined;
  if (breakage) ex.record.fault = breakage.kind;
  if (paid && reply.type === "json") {
    const billed = reply.status === 200;
    bill(ex, {
      status: reply.status,
      billed,
      units: billed ? work.units : 0,
      body,
      ...(work.taskId !== undefined ? { taskId: work.taskId } : {}),
      ...(breakage ? { fault: breakage.kind } : latency ? { fault: "latency" } : {}),
    });
  }
  await delay(latency?.ms ?? 0);
  return send(ex, reply, breakage?.kind);
}

/** A handler's answer and what it would cost the user. */
interface Work {
  reply: Reply;
  units: number;
  taskId?: string;
}

type ApiMatch = { route: "song.generate" | "podcast" } | { route: "song.query"; id: string };

/** Maps a request path to a route; the query path follows the configured template. */
function matchApiRoute(url: URL, queryTemplate: string): ApiMatch | undefined {
  if (url.pathname === SONG_PATH && url.search === "") return { route: "song.generate" };
  if (url.pathname === PODCAST_PATH && url.search === "") return { route: "podcast" };
  const withQuery = queryTemplate.includes("?");
  const target = withQuery ? url.pathname + url.search : url.pathname;
  if (!withQuery && url.search !== "") return undefined;
  const pattern = new RegExp(
    `^${queryTemplate
      .split("{id}")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("([^/?#&]+)")}$`,
  );
  const found = pattern.exec(target);
  if (!found) return undefined;
  try {
    return { route: "song.query", id: decodeURIComponent(found[1]!) };
  } catch {
    return undefined;
  }
}

function createSong(ex: Exchange, body: Buffer): Work {
  const { state } = ex;
  const parsed = parseJsonBody(ex, body);
  if (!parsed.ok) return { reply: parsed.reply, units: 0 };
  const checked = checkSong(parsed.value, state.config);
  if (!checked.ok) return { reply: errorReply(400, checked.message), units: 0 };
  if (overCapacity(state)) return { reply: errorReply(429, MESSAGES.rateLimit), units: 0 };
  const song = checked.value;
  const fault = state.faults.take("song.generate", TASK_FAULT_KINDS);
  const reviewing = fault?.kind === "task-reviewing";
  const ending: TaskEnding = fault && !reviewing ? (fault.kind.slice("task-".length) as TaskEnding) : "succeeded";
  const model = song.model === "auto" ? (state.options.autoModel ?? "mureka-8") : song.model;
  const task = state.tasks.create({ model, n: song.n, ending, reviewing });
  if (ending === "no-url") task.choices = [];
  if (ending === "succeeded") void renderChoices(state, task.id, song);
  return {
    reply: { type: "json", status: 200, body: { id: task.id, created_at: Math.floor(task.createdAtMs / 1000), model, status: "preparing" } },
    units: song.n,
    taskId: task.id,
  };
}

/** Renders the song's choices off the request path; the task reports "running" until they exist. */
async function renderChoices(state: State, id: string, song: { lyrics: string; prompt: string; n: number }): Promise<void> {
  const task = state.tasks.get(id)!;
  try {
    const plan = planSong(song.lyrics, song.prompt);
    const choices: RenderedChoice[] = [];
    for (let index = 0; index < song.n; index++) {
      const samples = await renderSongCooperatively(plan, index);
      if (state.closed) return;
      const links = await storeSong(state, encodeWav(samples), `song-${id}-${index}`);
      if (state.closed) return;
      const choice: RenderedChoice = { index, id: `${id}-${index}`, ...links, durationMs: plan.durationMs };
      if (state.quirks.has("lyrics-sections")) choice.lyricsSections = lyricsSectionsOf(plan);
      choices.push(choice);
    }
    task.choices = choices;
    task.renderedAtMs = Date.now();
  } catch (error) {
    if (state.closed) return;
    task.renderError = MESSAGES.server;
    task.renderedAtMs = Date.now();
    state.options.log?.(`rendering song ${id} failed: ${(error as Error).message}`);
  }
}

/**
 * A song take's links: the WAV as `url` and `wav_url` (the documented emulator); under `mp3-audio` an mp3 `url` only;
 * under `flac-links` an mp3 `url` and a `flac_url`.
 */
async function storeSong(state: State, wav: Buffer, stem: string): Promise<Pick<RenderedChoice, "url" | "wavUrl" | "flacUrl">> {
  const expires = Date.now() + state.linkTtlMs;
  const link = (stored: StoredAudio) => `${state.apiUrl}${stored.urlPath}`;
  const encoded = async (format: EncodedFormat) =>
    link(await state.audio.put(await encodeAudio(ffmpegOf(state.options), wav, format), `${stem}.${format}`, expires, CONTENT_TYPES[format]));
  if (state.quirks.has("flac-links")) return { url: await encoded("mp3"), flacUrl: await encoded("flac") };
  if (state.quirks.has("mp3-audio")) return { url: await encoded("mp3") };
  const url = link(await state.audio.put(wav, `${stem}.wav`, expires));
  return { url, wavUrl: url };
}

function query(ex: Exchange, id: string): Reply {
  const task = ex.state.tasks.get(id);
  if (!task) return errorReply(404, "Task not found");
  return { type: "json", status: 200, body: ex.state.tasks.view(task) };
}

async function createPodcast(ex: Exchange, body: Buffer): Promise<Work> {
  const { state } = ex;
  const parsed = parseJsonBody(ex, body);
  if (!parsed.ok) return { reply: parsed.reply, units: 0 };
  const checked = checkPodcast(parsed.value, state.config);
  if (!checked.ok) return { reply: errorReply(400, checked.message), units: 0 };
  if (overCapacity(state)) return { reply: errorReply(429, MESSAGES.rateLimit), units: 0 };
  state.podcastsInFlight++;
  try {
    const speech = await renderSpeech(checked.value.conversations, {
      engine: state.speechEngine,
      configuredVoices: state.config.voices,
      ...(state.options.espeakCommand ? { espeakCommand: state.options.espeakCommand } : {}),
    });
    const expiresAtMs = Date.now() + state.linkTtlMs;
    const stored = await state.audio.put(encodeWav(speech.samples), `podcast-${ex.traceId.slice(0, 12)}.wav`, expiresAtMs);
    await state.audio.recordTurns(stored, speech.turnStartsMs);
    return {
      reply: { type: "json", status: 200, body: { url: `${state.apiUrl}${stored.urlPath}`, expires_at: Math.floor(expiresAtMs / 1000) } },
      units: 1,
    };
  } catch (error) {
    state.options.log?.(`rendering a podcast failed: ${(error as Error).message}`);
    return { reply: errorReply(500, MESSAGES.server), units: 0 };
  } finally {
    state.podcastsInFlight--;
  }
}

async function serveAudio(ex: Exchange, token: string): Promise<void> {
  const { state, req } = ex;
  ex.record.route = "audio";
  if (ex.origin === "cdn" && header(req, "authorization") !== undefined) {
    return send(ex, errorReply(400, "Authorization must not be sent to this origin"));
  }
  const faults = ex.origin === "api";
  const latency = faults ? state.faults.take("audio", ["latency"]) : undefined;
  await delay(latency?.ms ?? 0);
  const refusal = faults ? state.faults.take("audio", REFUSAL_KINDS) : undefined;
  if (refusal) {
    ex.record.fault = refusal.kind;
    return send(ex, refusalReply(refusal, state.quirks));
  }
  const file = state.audio.get(token);
  if (!file || !ex.url.pathname.endsWith(`/${encodeURIComponent(file.name)}`)) return send(ex, errorReply(404, "File not found"));
  if (Date.now() >= file.expiresAtMs) return send(ex, errorReply(403, MESSAGES.expired));
  const redirect = faults ? state.faults.take("audio", ["redirect-audio"]) : undefined;
  if (redirect) {
    ex.record.fault = "redirect-audio";
    return send(ex, { type: "redirect", location: `${state.cdnUrl}${ex.url.pathname}` });
  }
  const breakage = faults ? state.faults.take("audio", ["reset", "truncate", "endless"]) : undefined;
  if (breakage) ex.record.fault = breakage.kind;
  return send(ex, { type: "file", file }, breakage?.kind);
}
