import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allowedCores, coreSplit, onCores, parseCoreList, splitCores } from "../../bench/lib/cores.js";
import { scratchContext } from "./scratch-context.js";

// The runner row keeps the emulator on a core of its own and the clients on the others, so that a client's CPU is not
// charged twice; where it cannot, it runs them on shared cores and says why, never failing the bench.
describe("the bench's cores", () => {
  it("reads Linux's list of allowed cores, ranges and single cores alike", () => {
    expect(parseCoreList("0-1")).toEqual([0, 1]);
    expect(parseCoreList("0-3,8,10-11")).toEqual([0, 1, 2, 3, 8, 10, 11]);
    expect(parseCoreList("5")).toEqual([5]);
    expect(parseCoreList("3-1")).toBeUndefined();
    expect(parseCoreList("ff")).toBeUndefined();
    expect(allowedCores("Name:\tnode\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed:\t1\n")).toEqual([0, 1]);
    expect(allowedCores("Name:\tnode\n")).toBeUndefined();
  });

  it("gives the emulator the first core and the client the rest, and does not split one core", () => {
    expect(splitCores([0, 1])).toEqual({ emulator: [0], client: [1] });
    expect(splitCores([2, 4, 6, 7])).toEqual({ emulator: [2], client: [4, 6, 7] });
    expect(splitCores([3])).toBeUndefined();
  });

  it("starts a command under taskset only when given cores", () => {
    expect(onCores([1, 3], "node", ["-e", "0"])).toEqual({ file: "taskset", args: ["-c", "1,3", "node", "-e", "0"] });
    expect(onCores(undefined, "node", ["-e", "0"])).toEqual({ file: "node", args: ["-e", "0"] });
  });

  const split = coreSplit();
  const context = scratchContext("cores");
  // A child's own view of where it may run, every thread of it.
  const allowedInChild = "const s = require('node:fs').readFileSync('/proc/self/status', 'utf8'); console.log(/^Cpus_allowed_list:\\s*(\\S+)/m.exec(s)[1])";

  it.runIf("emulator" in split)("runs a process on the cores it is given, and only there", () => {
    if (!("emulator" in split)) return;
    for (const cores of [split.emulator, split.client]) {
      const run = context.node(["-e", allowedInChild], { cpus: cores });
      expect(run.status).toBe(0);
      expect(parseCoreList(run.stdout)).toEqual(cores);
    }
  });

  it.runIf("emulator" in split)(
    "serves the emulator on its core, every thread, where it answers as anywhere",
    async () => {
      if (!("emulator" in split)) return;
      const emulator = await context.serve<{ url: string }>("emulator", "serve", { key: "sk-test", clockMs: 20 }, { cpus: split.emulator });
      try {
        const threads = readdirSync(`/proc/${emulator.pid}/task`);
        expect(threads.length).toBeGreaterThan(1);
        for (const thread of threads) expect(allowedCores(readFileSync(`/proc/${emulator.pid}/task/${thread}/status`, "utf8"))).toEqual(split.emulator);
        const first = await emulator.ask<{ cpuMs: number }>("cpu");
        expect(first.cpuMs).toBeGreaterThan(0);
      } finally {
        await emulator.stop();
      }
    },
    60_000,
  );

  it("says why it cannot split, where it cannot", () => {
    if ("emulator" in split) expect(split.client.length).toBeGreaterThan(0);
    else expect(split.unsplit).toMatch(/core|proc|taskset/);
  });
});
