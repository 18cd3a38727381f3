import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, MULTI_SONG, podc, podcInterruptible, project, removeProjects } from "./helpers.js";

// podc.lock keeps an episode's songs on the model they were made with: `auto` is resolved by the service to a model that
// changes every few months, and a song made again after that would silently differ from its neighbours.

afterAll(removeProjects);

interface Lock {
  episodes: Record<string, { songs: Record<string, { song: string; model: string }> }>;
}

const lockOf = (dir: string): Lock => JSON.parse(readFileSync(join(dir, "podc.lock"), "utf8")) as Lock;
const modelsOf = (lock: Lock) =>
  Object.values(lock.episodes["episode.pod"]!.songs)
    .map((s) => `${s.song}: ${s.model}`)
    .sort();
const compiledModels = async (dir: string, env: NodeJS.ProcessEnv) =>
  (JSON.parse((await podc(["compile", "episode.pod"], dir, env)).stdout) as { requests: { kind: string; body: { model?: string } }[] }).requests
    .filter((r) => r.kind === "song")
    .map((r) => r.body.model);

// One service address throughout (a job's key covers it), its `auto` moving on between runs as the real one's does.
let port = 0;
async function withEmulator<T>(autoModel: string, work: (emu: Emulator) => Promise<T>, options: { clockMs?: number } = {}): Promise<T> {
  const emu = await emulator({ autoModel, port, ...options });
  port = Number(new URL(emu.url).port);
  try {
    return await work(emu);
  } finally {
    await emu.close();
  }
}

describe("podc.lock", () => {
  it("records each song's model, sends a changed song with it after auto moved on, and reports mixed models", async () => {
    const { dir, script } = project(MULTI_SONG);
    const first = await withEmulator("mureka-8", (emu) => podc(["run", "--no-build", script], dir, envFor(emu)));
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("podc: podc.lock records the model each song was made with: commit it");
    expect(modelsOf(lockOf(dir))).toEqual(["First Light: mureka-8", "Second Wind: mureka-8", "Third Shift: mureka-8"]);
    // Paid songs keep the request they were paid with: compile shows auto for them, as sent.
    expect(await compiledModels(dir, {})).toEqual(["auto", "auto", "auto"]);

    // The service's auto has moved on; a song rewritten is sent with the episode's model, and nothing paid again.
    writeFileSync(join(dir, script), readFileSync(join(dir, script), "utf8").replace("Coffee going cold", "Coffee gone cold"));
    expect(await compiledModels(dir, {})).toEqual(["mureka-8", "auto", "auto"]);
    const second = await withEmulator("mureka-9", async (emu) => {
      const run = await podc(["run", "--no-build", script], dir, envFor(emu));
      return { run, songPosts: emu.ledger().filter((e) => e.kind === "song").length };
    });
    expect(second.run.code).toBe(0);
    expect(second.songPosts).toBe(1);
    expect(modelsOf(lockOf(dir))).toEqual(["First Light: mureka-8", "Second Wind: mureka-8", "Third Shift: mureka-8"]);
    expect(second.run.stderr).not.toContain("several models");

    // --update-models asks for auto again: the song is made with the service's model now, and the mix is reported.
    writeFileSync(join(dir, script), readFileSync(join(dir, script), "utf8").replace("Still shines", "Still burns"));
    const third = await withEmulator("mureka-9", async (emu) => {
      const run = await podc(["run", "--no-build", "--update-models", script], dir, envFor(emu));
      return { ...run, songPosts: emu.ledger().filter((e) => e.kind === "song").length };
    });
    expect(third.code).toBe(0);
    expect(third.songPosts).toBe(1); // only the song rewritten: the one made with the lock's model is not sent again
    expect(modelsOf(lockOf(dir))).toEqual(["First Light: mureka-8", "Second Wind: mureka-8", "Third Shift: mureka-9"]);
    expect(third.stderr).toContain(
      "podc: episode.pod: one episode, several models — songs made with mureka-8 (First Light, Second Wind), mureka-9 (Third Shift)",
    );
  }, 300_000);

  it("never sends again under the lock's model a song already sent as written and still running", async () => {
    const { dir, script } = project(MULTI_SONG);
    expect((await withEmulator("mureka-8", (emu) => podc(["run", "--no-build", script], dir, envFor(emu)))).code).toBe(0);
    // A rewritten song sent as written (auto), its task still running when the writer presses Ctrl-C: the rerun
    // must finish that task by query, not send the song again with the episode's locked model under another key.
    writeFileSync(join(dir, script), readFileSync(join(dir, script), "utf8").replace("Coffee going cold", "Coffee gone cold"));
    const songPosts = await withEmulator(
      "mureka-9",
      async (emu) => {
        const first = podcInterruptible(["run", "--no-build", "--update-models", script], dir, envFor(emu));
        const end = Date.now() + 120_000;
        while (!/accepted task/.test(first.stderr()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
        first.interrupt();
        await first.done;
        const again = await podc(["run", "--no-build", script], dir, envFor(emu));
        expect(again.code, again.stderr).toBe(0);
        return emu.ledger().filter((e) => e.kind === "song").length;
      },
      { clockMs: 3000 },
    );
    expect(songPosts).toBe(1);
  }, 300_000);

  it("is never written by a local run", async () => {
    const { dir, script } = project(MULTI_SONG);
    expect((await podc(["run", "--local", "--no-build", script], dir, {})).code).toBe(0);
    expect(() => readFileSync(join(dir, "podc.lock"))).toThrow();
  }, 300_000);
});
