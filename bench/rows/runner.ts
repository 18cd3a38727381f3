// The runner's own cost: `podc run` of an episode of N podcast segments against the emulator, which runs in a process of
// its own (so its work is not counted as podc's), at concurrency 10, against a bare undici loop making the same HTTP
// requests (POST each podcast, GET its audio) at the same concurrency against the same emulator, paired. Two figures:
// the client's CPU time per job (user + system of the podc process, every thread, around the run) and its throughput as
// a fraction of the bare loop's — what the journal, the files' checks, the manifest and the report cost beyond HTTP.
// The loop sends each POST on a fresh connection, as podc must (a POST on a reused connection the server has just
// closed cannot be proven unsent); a loop that reuses connections for its POSTs too is measured beside it, for
// information: what that rule costs, which no correct client can save. Beside it, also for information, a loop that
// fsyncs each file it writes before going on, the one disk step no client that keeps what it paid for can skip: the
// difference between the two loops is what that step costs on this machine, and podc's CPU over this loop's is the
// figure that moves least with the machine's speed. And a loop whose HTTP parser stays at V8's baseline tier: the bare
// loop, like any undici client left to V8's defaults, pays an optimizing compile of undici's parser that podc does not
// (src/service/baseline-wasm.ts), and the difference between the two loops, per pair, is what it costs; against this
// loop, podc's CPU over the loop's is its own work, with that saving taken out. Also for information: the emulator's
// CPU per job while each client runs, and the share of the machine's cores the client and the emulator use together,
// which says whether the throughput ratio measures waiting or, near 100 %, CPU. And a run of one
// podcast, paired the same way, whose CPU time is what a run costs whatever its size (compiling the script, the lock,
// the journal, the first use of each code path); the per-job figure carries its share of it. And each run's two ends,
// before its first request and after its last answer, with the throughput ratio between them. And, per paid request, the
// time from its intent to its POST and the POST's own time at the emulator, podc's beside the loop's. Where /proc counts
// them, how often the client's threads slept and woke, and how often the emulator's thread lost its core meanwhile; and
// podc's throughput against the loop that fsyncs its files. Every client's run starts
// after a sync, outside its clock, so that no run pays for what the runs before it left unwritten.
// The emulator stands for a service on another machine: where Linux lets the row pin processes (lib/cores.ts), it runs
// on a core of its own and every client on the others, so that a client's CPU is charged once, in its own time, and not
// again as the emulator's turns and caches taken on shared cores. The same pairs on shared cores follow, for information.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { availableParallelism, freemem } from "node:os";
import { join } from "node:path";
import { switchesBetween, type Switches } from "../lib/context-switches.js";
import { coreSplit } from "../lib/cores.js";
import type { BenchContext, Figure, Row, Served, TaskOptions } from "../lib/row.js";
import { paired, summarize } from "../lib/stats.js";

const KEY = "sk-bench-runner";
const CONCURRENCY = 10;
const GiB = 1024 ** 3;
const MEMORY_FOLDER = "/dev/shm";

/**
 * Where the emulator keeps the audio it renders (some 1.8 GB in a full run of the row): in memory when the machine has a
 * memory file system with room to spare, else on disk in the bench's data folder. The emulator stands for a service on
 * another machine, whose disk is not the client's: on the client's disk, the writeback of its files stalls podc's
 * fsyncs, and only podc's, since the loops never fsync.
 */
function emulatorFolder(context: BenchContext): { dir: string; inMemory: boolean } {
  try {
    const room = statfsSync(MEMORY_FOLDER);
    if (room.bavail * room.bsize >= 4 * GiB && freemem() >= 6 * GiB) return { dir: mkdtempSync(join(MEMORY_FOLDER, "podc-bench-emulator-")), inMemory: true };
  } catch {
    // no memory file system here, or not one we may write: the disk, then
  }
  return { dir: mkdtempSync(join(context.data, "emulator-")), inMemory: false };
}

/** Serves an emulator (on `cores` only, when given) for `use`, with a folder of its own for its files, then stops it and removes them. */
async function withEmulator<T>(context: BenchContext, cores: readonly number[] | undefined, use: (server: Served<{ url: string }>) => Promise<T>): Promise<T> {
  const files = emulatorFolder(context);
  context.log(`  the emulator's files: ${files.inMemory ? `in memory (${MEMORY_FOLDER})` : "on disk, in bench/.data (no memory file system with room)"}`);
  let server: Served<{ url: string }> | undefined;
  try {
    server = await context.serve<{ url: string }>("emulator", "serve", { key: KEY, clockMs: 20, dataDir: files.dir }, { cpus: cores });
    return await use(server);
  } finally {
    await server?.stop();
    rmSync(files.dir, { recursive: true, force: true });
  }
}

export interface Measured {
  ms: number;
  cpuMs: number;
  jobs: number;
  /** When the first request was made and the last answer ended, in ms from the start of the run. */
  firstRequestMs: number;
  lastAnswerMs: number;
  /** The median paid POST, from its request to its answer's head. */
  postMs: number;
  /** podc only: the median time from a paid request's intent to its POST (bench/tasks/runner.ts). */
  intentToPostMs?: number;
  /** The emulator's CPU time (every thread) from just before the client's process started to just after it ended. */
  emulatorCpuMs?: number;
  /** The context switches of the client's threads during its run, where /proc tells them (bench/tasks/runner.ts). */
  switches?: Switches;
  /** The emulator's main thread's context switches over the same span as emulatorCpuMs, where /proc tells them. */
  emulatorSwitches?: Switches;
}

/** Whether the row has said that this machine has no `sync`: once is enough. */
let toldUnsettled = false;

/**
 * Writes out whatever earlier runs left unwritten, before a client's run and outside its clock. The loops never fsync,
 * and a file system with pages still to write, from the loop before or the folders just removed, makes creating a file
 * dearer: a run would pay for the runs before it. `sync` flushes every file system, which is the point. Where there is
 * no `sync`, the row says so once, and its runs start on whatever the ones before them left.
 */
export function settleDisk(context: BenchContext): void {
  try {
    execFileSync("sync", { stdio: "ignore" });
  } catch (error) {
    if (!toldUnsettled) context.log(`  no sync here (${(error as Error).message}): each run starts on what the runs before it left unwritten`);
    toldUnsettled = true;
  }
}

let made = 0;

/** A fresh repository of `segments` podcast segments, whose requests no earlier run has made (a unique word in each). */
export function repository(context: BenchContext, segments: number): string {
  const dir = mkdtempSync(join(context.data, "runner-"));
  const tag = `r${process.pid}x${++made}`;
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ service: { concurrency: CONCURRENCY, pollIntervalMs: 100 } }));
  const sections = Array.from({ length: segments }, (_, i) => `# Part ${i + 1}\n\nHOST: Part ${i + 1} of the night, ${tag}.\nGUEST: Still here.\n`);
  writeFileSync(join(dir, "episode.pod"), `Title: Runner Bench\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n${sections.join("\n")}`);
  return dir;
}

/** What the emulator says of itself when asked (bench/tasks/emulator.ts). */
interface EmulatorUse {
  cpuMs: number;
  switches?: Switches;
}

export interface Pairs {
  podc: Measured[];
  bare: Measured[];
  /** The loop that reuses connections for its POSTs too, run after each bare one, outside the pair's timing. */
  keepAlive: Measured[];
  /** The loop that fsyncs each file, run after each bare one, outside the pair's timing. */
  flushed: Measured[];
  /** The loop with undici's parser at V8's baseline tier, as podc keeps it, run after each bare one, outside the timing. */
  baselineWasm: Measured[];
  /** podc's time over the bare loop's, per pair. */
  ratio: number[];
}

/**
 * `context.runs` pairs, after a warm-up pair, of podc run on a fresh repository of `segments` podcasts and the bare loop
 * sending that repository's requests (with keys of its own); the keep-alive and the fsyncing loops too when `others`.
 */
async function measurePairs(
  context: BenchContext,
  emulator: Served<{ url: string }>,
  segments: number,
  dirs: string[],
  others: boolean,
  clientCores: readonly number[] | undefined,
): Promise<Pairs> {
  const where: TaskOptions = { cpus: clientCores };
  const url = emulator.ready.url;
  /** A client task, with the emulator's CPU time around it. */
  const measured = async (name: "podc" | "bare", args: object): Promise<Measured> => {
    settleDisk(context);
    const before = await emulator.ask<EmulatorUse>("cpu");
    const m = await context.task<Measured>("runner", name, args, where);
    const after = await emulator.ask<EmulatorUse>("cpu");
    const emulatorSwitches = switchesBetween(before.switches, after.switches);
    return { ...m, emulatorCpuMs: after.cpuMs - before.cpuMs, ...(emulatorSwitches ? { emulatorSwitches } : {}) };
  };
  const all: Pairs = { podc: [], bare: [], keepAlive: [], flushed: [], baselineWasm: [], ratio: [] };
  const fresh = (): string => {
    const made = repository(context, segments);
    dirs.push(made);
    return made;
  };
  // Every run writes into folders no run wrote before, and a pair's folders are gone before the next pair starts. The
  // loops never fsync: kept, their files would be written back by the kernel half a minute later, during some later
  // run's clock (a pair takes about ten seconds), and a loop rewriting files another run left makes the kernel write
  // them back at once. Removed while unwritten, they are never written at all.
  let dir = "";
  // A pair starts when neither of its two runs has been measured yet: podc and the bare loop are even.
  const startOfPair = (): void => {
    if (all.podc.length !== all.bare.length) return;
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    dir = "";
  };
  const runs = await paired(
    context.runs,
    1,
    async () => {
      startOfPair();
      dir = fresh();
      const m = await measured("podc", { dir, url, key: KEY });
      if (m.jobs !== segments) throw new Error(`podc run finished ${m.jobs} of ${segments} jobs`);
      all.podc.push(m);
      return m.ms;
    },
    async () => {
      startOfPair();
      // In podc's repository when podc ran first (the loop writes into a folder of its own there), else a new one.
      const args = { dir: dir || fresh(), url, key: KEY, concurrency: CONCURRENCY };
      const m = await measured("bare", args);
      all.bare.push(m);
      if (others) {
        // Each into a repository of its own: the bare loop's files are already in `dir`'s.
        const inOwnFolder = (options: { keepAlive?: boolean; flush?: boolean; baselineWasm?: boolean }): Promise<Measured> => {
          settleDisk(context);
          return context.task<Measured>("runner", "bare", { ...args, dir: fresh(), ...options }, where);
        };
        all.keepAlive.push(await inOwnFolder({ keepAlive: true }));
        all.flushed.push(await inOwnFolder({ flush: true }));
        all.baselineWasm.push(await inOwnFolder({ baselineWasm: true }));
      }
      return m.ms;
    },
  );
  // paired() keeps the pairs after the warm-up one; so do these.
  const kept = (measured: Measured[]): Measured[] => measured.slice(measured.length - runs.subject.length);
  return {
    podc: kept(all.podc),
    bare: kept(all.bare),
    keepAlive: kept(all.keepAlive),
    flushed: kept(all.flushed),
    baselineWasm: kept(all.baselineWasm),
    ratio: runs.ratio,
  };
}

/**
 * Where /proc tells them (Linux), per job: how often the emulator's one thread lost its core mid-work while each client
 * ran, and how often the client's own threads went to sleep and were woken. Each such wake-up on two shared cores may
 * take the core from the emulator, which then waits its turn and may come back to cold caches. None when any run lacks
 * them.
 */
export function switchFigures(many: Pairs): Figure[] {
  const runs = [...many.podc, ...many.bare];
  if (runs.some((m) => !m.switches || !m.emulatorSwitches)) return [];
  const preempted = (m: Measured): number => m.emulatorSwitches!.involuntary / m.jobs;
  const wakeups = (m: Measured): number => m.switches!.voluntary / m.jobs;
  return [
    {
      id: "runner.emulator.preempted",
      label: `times per job the emulator's thread lost its core to another thread while podc run runs (information)`,
      unit: "",
      value: summarize(many.podc.map(preempted)),
      baseline: { label: "while the bare loop runs", unit: "", value: summarize(many.bare.map(preempted)) },
      ratio: { ...summarize(many.podc.map((m, i) => preempted(m) / preempted(many.bare[i]!))), of: "with podc ÷ with the loop" },
    },
    {
      id: "runner.wakeups",
      label: `times per job a thread of podc run went to sleep and was woken: sockets, the thread pool's fsyncs and the disk (information)`,
      unit: "",
      value: summarize(many.podc.map(wakeups)),
      baseline: { label: "bare undici loop", unit: "", value: summarize(many.bare.map(wakeups)) },
      ratio: { ...summarize(many.podc.map((m, i) => wakeups(m) / wakeups(many.bare[i]!))), of: "podc ÷ bare loop" },
      ...(many.flushed.length > 0 && many.flushed.every((m) => m.switches)
        ? { note: `the loop that fsyncs each file it writes: ${summarize(many.flushed.map(wakeups)).median.toFixed(2)} a job` }
        : {}),
    },
  ];
}

/** A run's jobs per second, from its start to its end. */
function throughput(m: Measured): number {
  return m.jobs / (m.ms / 1000);
}

/**
 * The throughput ratio with the emulator and the clients on every core, as the row measured it before it kept them apart:
 * there, each client's CPU also takes the emulator's turns and caches, and the ratio counts it twice. For information.
 */
function sharedCores(pairs: Pairs): Figure {
  const cpu = (runs: Measured[]): string => summarize(runs.map((m) => m.cpuMs / m.jobs)).median.toFixed(2);
  return {
    id: "runner.throughput.shared-cores",
    label: `jobs per second of podc run, as a fraction of the bare loop's, with the emulator and each client on every core (information)`,
    unit: "",
    value: summarize(pairs.podc.map(throughput)),
    baseline: { label: "bare undici loop", unit: "", value: summarize(pairs.bare.map(throughput)) },
    ratio: { ...summarize(pairs.ratio.map((r) => 1 / r)), of: "podc jobs/s ÷ bare jobs/s, shared cores" },
    note: `CPU per job there: podc ${cpu(pairs.podc)} ms, the bare loop ${cpu(pairs.bare)} ms`,
  };
}

export const runner: Row = {
  id: "runner",
  title: `podc run of many podcast requests against the emulator in another process, concurrency ${CONCURRENCY}, against a bare undici loop`,
  async run(context) {
    const segments = context.quick ? 60 : 200;
    const split = coreSplit();
    const apart = "unsplit" in split ? undefined : split;
    const placement =
      "unsplit" in split
        ? `the emulator and each client on shared cores (${split.unsplit})`
        : `the emulator on core ${split.emulator.join(",")}, each client on core ${split.client.join(",")}`;
    context.log(`  ${placement}${apart ? "; then, for information, all of them on every core" : ""}`);
    const dirs: string[] = [];
    try {
      const { many, one } = await withEmulator(context, apart?.emulator, async (server) => {
        const many = await measurePairs(context, server, segments, dirs, true, apart?.client);
        // One podcast per run: the run's fixed cost, beside the loop's for one request.
        const one = await measurePairs(context, server, 1, dirs, false, apart?.client);
        return { many, one };
      });
      // What the row measured before it kept the emulator apart: podc's CPU taken from the emulator's cores too.
      const shared = apart ? await withEmulator(context, undefined, (server) => measurePairs(context, server, segments, dirs, false, undefined)) : undefined;
      // Between the run's first request and its last answer: its jobs, without what any run costs at either end.
      const steady = (m: Measured): number => m.jobs / ((m.lastAnswerMs - m.firstRequestMs) / 1000);
      const ends = (m: Measured): number => m.firstRequestMs + (m.ms - m.lastAnswerMs);
      const emulatorPerJob = (m: Measured): number => m.emulatorCpuMs! / m.jobs;
      // Near 100 %, the two processes share out the machine's cores between them, and jobs per second follow the CPU
      // each job costs both of them: the throughput ratio then measures the client's CPU per job once more.
      const cores = availableParallelism();
      const busy = (m: Measured): number => (100 * (m.cpuMs + m.emulatorCpuMs!)) / (cores * m.ms);
      const figures: Figure[] = [
        {
          id: "runner.cpu",
          label: `CPU time per job of podc run (${segments} podcasts, concurrency ${CONCURRENCY})`,
          unit: "ms",
          value: summarize(many.podc.map((m) => m.cpuMs / m.jobs)),
          baseline: { label: "bare undici loop", unit: "ms", value: summarize(many.bare.map((m) => m.cpuMs / m.jobs)) },
          // The target is a time; the ratio, per pair, is what holds still when the machine's speed changes.
          ratio: { ...summarize(many.podc.map((m, i) => m.cpuMs / many.bare[i]!.cpuMs)), of: "podc CPU ÷ bare loop CPU" },
          target: { op: "<=", value: 6, of: "value" },
        },
        {
          id: "runner.throughput",
          label: `jobs per second of podc run, as a fraction of a bare undici loop's`,
          unit: "",
          value: summarize(many.podc.map(throughput)),
          baseline: { label: "bare undici loop", unit: "", value: summarize(many.bare.map(throughput)) },
          ratio: { ...summarize(many.ratio.map((r) => 1 / r)), of: "podc jobs/s ÷ bare jobs/s" },
          target: { op: ">=", value: 0.95 },
          note: `${placement}: ${apart ? "as a service on another machine is apart from its client" : "a client's CPU slows the emulator too"}`,
        },
        ...(shared ? [sharedCores(shared)] : []),
        {
          id: "runner.throughput.steady",
          label: `jobs per second of podc run from its first request to its last answer, as a fraction of the bare loop's (information)`,
          unit: "",
          value: summarize(many.podc.map(steady)),
          baseline: { label: "bare undici loop", unit: "", value: summarize(many.bare.map(steady)) },
          ratio: { ...summarize(many.podc.map((m, i) => steady(m) / steady(many.bare[i]!))), of: "podc jobs/s ÷ bare jobs/s, between the ends" },
        },
        {
          id: "runner.ends",
          label: `time of podc run before its first request and after its last answer: what the run costs at either end (information)`,
          unit: "ms",
          value: summarize(many.podc.map(ends)),
          baseline: { label: "bare undici loop", unit: "ms", value: summarize(many.bare.map(ends)) },
          note:
            `podc: ${summarize(many.podc.map((m) => m.firstRequestMs)).median.toFixed(1)} ms before its first request (compiling the script, the lock, ` +
            `the state folder and journal, the first intents' fsync), ${summarize(many.podc.map((m) => m.ms - m.lastAnswerMs)).median.toFixed(1)} ms ` +
            `after its last answer (the last job's file, folder and journal fsyncs, the manifests, closing)`,
        },
        {
          id: "runner.intent-wait",
          label: `time from each paid request's intent to its POST, median of a run: the group commit's wait, the intent's write and fsync, the job's next turn (information)`,
          unit: "ms",
          value: summarize(many.podc.map((m) => m.intentToPostMs!)),
        },
        {
          id: "runner.post",
          label: `time of each paid POST, from its request to its answer's head, median of a run: the emulator's queue as each client keeps it (information)`,
          unit: "ms",
          value: summarize(many.podc.map((m) => m.postMs)),
          baseline: { label: "bare undici loop", unit: "ms", value: summarize(many.bare.map((m) => m.postMs)) },
          ratio: { ...summarize(many.podc.map((m, i) => m.postMs / many.bare[i]!.postMs)), of: "podc ÷ bare loop" },
          note:
            "a slot of podc's is held for the intent's wait and the POST, and given to the next job at the answer; a worker of the loop makes the POST, " +
            "then the GET and the file, so podc keeps more POSTs at the emulator at once, and each waits longer there for the same jobs per second",
        },
        {
          id: "runner.emulator.cpu",
          label: `CPU time per job of the emulator while podc run runs (information)`,
          unit: "ms",
          value: summarize(many.podc.map(emulatorPerJob)),
          baseline: { label: "while the bare loop runs", unit: "ms", value: summarize(many.bare.map(emulatorPerJob)) },
          ratio: { ...summarize(many.podc.map((m, i) => emulatorPerJob(m) / emulatorPerJob(many.bare[i]!))), of: "with podc ÷ with the loop" },
        },
        ...switchFigures(many),
        {
          id: "runner.busy",
          label: `share of the machine's ${cores} cores in use by the client and the emulator together, while podc run runs (information)`,
          unit: "%",
          value: summarize(many.podc.map(busy)),
          baseline: { label: "while the bare loop runs", unit: "%", value: summarize(many.bare.map(busy)) },
        },
        {
          id: "runner.throughput.keep-alive",
          label: `jobs per second of podc run, as a fraction of a loop that also reuses connections for its paid POSTs (information)`,
          unit: "",
          value: summarize(many.podc.map(throughput)),
          baseline: { label: "undici loop, keep-alive POSTs", unit: "", value: summarize(many.keepAlive.map(throughput)) },
          ratio: { ...summarize(many.podc.map((m, i) => throughput(m) / throughput(many.keepAlive[i]!))), of: "podc jobs/s ÷ keep-alive loop jobs/s" },
        },
        {
          id: "runner.throughput.flushed",
          label: `jobs per second of podc run, as a fraction of a loop that also fsyncs each file it writes (information)`,
          unit: "",
          value: summarize(many.podc.map(throughput)),
          baseline: { label: "undici loop, each file fsynced", unit: "", value: summarize(many.flushed.map(throughput)) },
          ratio: { ...summarize(many.podc.map((m, i) => throughput(m) / throughput(many.flushed[i]!))), of: "podc jobs/s ÷ fsyncing loop jobs/s" },
        },
        {
          id: "runner.cpu.flushed",
          label: `CPU time per job of podc run, against a loop that also fsyncs each file it writes (information)`,
          unit: "ms",
          value: summarize(many.podc.map((m) => m.cpuMs / m.jobs)),
          baseline: { label: "undici loop, each file fsynced", unit: "ms", value: summarize(many.flushed.map((m) => m.cpuMs / m.jobs)) },
          ratio: { ...summarize(many.podc.map((m, i) => m.cpuMs / many.flushed[i]!.cpuMs)), of: "podc CPU ÷ fsyncing loop CPU" },
        },
        {
          id: "runner.cpu.baseline-wasm",
          label: `CPU time per job of podc run, against a loop whose HTTP parser also stays at V8's baseline tier, as podc's does (information)`,
          unit: "ms",
          value: summarize(many.podc.map((m) => m.cpuMs / m.jobs)),
          baseline: { label: "undici loop, parser at baseline tier", unit: "ms", value: summarize(many.baselineWasm.map((m) => m.cpuMs / m.jobs)) },
          ratio: { ...summarize(many.podc.map((m, i) => m.cpuMs / many.baselineWasm[i]!.cpuMs)), of: "podc CPU ÷ that loop's CPU" },
        },
        {
          id: "runner.cpu.tier-up",
          label: `CPU time per job the bare loop spends beyond the same loop with its parser kept at V8's baseline tier: V8's optimizing compile of undici's parser (information)`,
          unit: "ms",
          value: summarize(many.bare.map((m, i) => (m.cpuMs - many.baselineWasm[i]!.cpuMs) / m.jobs)),
        },
        {
          id: "runner.one",
          label: `CPU time of podc run of one podcast: what a run costs whatever its size (information)`,
          unit: "ms",
          value: summarize(one.podc.map((m) => m.cpuMs)),
          baseline: { label: "bare undici loop, one request", unit: "ms", value: summarize(one.bare.map((m) => m.cpuMs)) },
        },
      ];
      return figures;
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  },
};
