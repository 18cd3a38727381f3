import { describe, expect, it } from "vitest";
import { switchFigures, type Measured, type Pairs } from "../../bench/rows/runner.js";

const run = (jobs: number, voluntary?: number, emulatorInvoluntary?: number): Measured => ({
  ms: 1000,
  cpuMs: 800,
  jobs,
  firstRequestMs: 1,
  lastAnswerMs: 999,
  postMs: 30,
  ...(voluntary === undefined ? {} : { switches: { voluntary, involuntary: 0 } }),
  ...(emulatorInvoluntary === undefined ? {} : { emulatorSwitches: { voluntary: 0, involuntary: emulatorInvoluntary } }),
});

const pairs = (podc: Measured[], bare: Measured[], flushed: Measured[] = []): Pairs => ({
  podc,
  bare,
  keepAlive: [],
  flushed,
  baselineWasm: [],
  ratio: podc.map(() => 1),
});

describe("the runner row's context-switch figures", () => {
  it("count per job, podc's against the loop's in each pair, with the fsyncing loop's wake-ups beside them", () => {
    const [preempted, wakeups] = switchFigures(
      pairs([run(200, 3000, 2800), run(200, 2800, 3000)], [run(200, 250, 1400), run(200, 300, 1500)], [run(200, 1300)]),
    );
    expect(preempted!.id).toBe("runner.emulator.preempted");
    expect(preempted!.value.values).toEqual([14, 15]);
    expect(preempted!.baseline!.value.values).toEqual([7, 7.5]);
    expect(preempted!.ratio!.values).toEqual([2, 2]);
    expect(wakeups!.id).toBe("runner.wakeups");
    expect(wakeups!.value.values).toEqual([15, 14]);
    expect(wakeups!.ratio!.values).toEqual([12, 14 / 1.5]);
    expect(wakeups!.note).toContain("6.50 a job");
  });

  it("are left out when any run could not count them, rather than summarized over fewer runs", () => {
    expect(switchFigures(pairs([run(200, 3000, 2800), run(200)], [run(200, 250, 1400), run(200, 300, 1500)]))).toEqual([]);
    expect(switchFigures(pairs([run(200, 3000, 2800)], [run(200, 250)]))).toEqual([]);
  });
});
