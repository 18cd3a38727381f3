import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/schema.js";
import { espeakAvailable, type SpeechEngine } from "../emulator/audio/speech.js";
import { startEmulator } from "../emulator/server.js";

/*
 * `podc run --local`: the project's emulator of the Audio Generation Service, started in this process
 * on a free loopback port, so a new user hears an episode with no account. It is a table read: its clock
 * is fast (a status step every 100 ms, a song in a third of a second) and it has no account limit, so a
 * run sends several requests at once (run/index.ts) instead of waiting on one song at a time. Its
 * tasks and links live in memory and die with it; only its ledger — what a real service would have
 * billed — is kept, in `.podc/local/`.
 */

/** Length of one emulated task status step with --local. */
const LOCAL_CLOCK_MS = 100;
/** Poll interval with --local: about two polls per status step. */
export const LOCAL_POLL_MS = 50;

export interface LocalService {
  baseUrl: string;
  /** A key made up for this run: the emulator accepts it, no one else knows it. */
  apiKey: string;
  ledgerPath: string;
  close(): Promise<void>;
}

/** The voice a local run has on this machine: its engine, and what names it in job keys. */
export interface LocalVoice {
  engine: SpeechEngine;
  /** `synth`, or `espeak-ng 1.51`: a new espeak-ng version speaks differently, so it renders again too. */
  identity: string;
}

/** espeak-ng (with its version) when installed, else the built-in synthesizer. */
export async function localVoice(): Promise<LocalVoice> {
  if (!(await espeakAvailable())) return { engine: "synth", identity: "synth" };
  const answer = spawnSync("espeak-ng", ["--version"], { encoding: "utf8", timeout: 10_000 });
  const version = /:\s*([0-9][0-9A-Za-z.-]*)/.exec(answer.stdout ?? "")?.[1];
  return { engine: "espeak-ng", identity: version ? `espeak-ng ${version}` : "espeak-ng" };
}

/** Starts the emulator with the project's limits and voices; `stateDir` is the repository's `.podc/`. */
export async function startLocalService(stateDir: string, config: Config, speech: SpeechEngine): Promise<LocalService> {
  const folder = join(stateDir, "local");
  mkdirSync(folder, { recursive: true });
  const apiKey = `local-${randomBytes(12).toString("hex")}`;
  const ledgerPath = join(folder, "ledger.jsonl");
  const emulator = await startEmulator({ apiKey, config, clockMs: LOCAL_CLOCK_MS, ledgerPath, speech });
  return { baseUrl: emulator.url, apiKey, ledgerPath, close: () => emulator.close() };
}
