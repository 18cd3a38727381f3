import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { envFor, emulator, podc, project, removeProjects, SMALL } from "../run/helpers.js";
import { STORES, type OpenedStore } from "./stores-under-test.js";

/*
 * `podc state adopt`: a song whose outcome is unknown is given, by hand, the task id the account's dashboard shows,
 * and is then finished by a free query: on the journal and on the shared store alike, never by paying again.
 */

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
  removeProjects();
});

describe.each(STORES)("podc state adopt, on the $name store", (store) => {
  let opened: OpenedStore;
  beforeAll(async () => {
    opened = await store.open();
  });
  afterAll(() => store.close());

  it("finishes an outcome-unknown song from its task id, and never sends it again", async () => {
    await store.fresh();
    const p = project(SMALL);
    const env = { ...envFor(emu), ...opened.env() };
    emu.inject({ kind: "reset", route: "song.generate" });
    const lost = await podc(["run", p.script], p.dir, env);
    expect(lost.code).toBe(1);
    expect(lost.stderr).toContain(`podc state adopt ${p.script} --line 11 --task ID`);
    const billed = emu.ledger().filter((e) => e.billed && e.kind === "song");
    const taskId = billed[billed.length - 1]!.task_id!;

    const wrongLine = await podc(["state", "adopt", p.script, "--line", "12", "--task", taskId], p.dir, env);
    expect(wrongLine.code).toBe(2);
    expect(wrongLine.stderr).toContain("no song starts on this line");

    const adopted = await podc(["state", "adopt", p.script, "--line", "11", "--task", taskId], p.dir, env);
    expect(adopted.code, adopted.stderr).toBe(0);
    expect(adopted.stdout).toContain(`the song now follows task ${taskId}`);
    const song = [...(await opened.records(p.dir)).values()].find((r) => r.taskId === taskId);
    expect(song?.state).toBe("accepted");

    const posts = emu.ledger().length;
    const finished = await podc(["run", p.script], p.dir, env);
    expect(finished.code, finished.stderr).toBe(0);
    expect(emu.ledger().length).toBe(posts);

    const again = await podc(["state", "adopt", p.script, "--line", "11", "--task", "999"], p.dir, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already knows this song's outcome");
  });
});
