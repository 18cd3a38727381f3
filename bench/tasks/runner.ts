// The runner against the emulator, for bench/rows/runner.ts (the emulator runs in a process of its own, from
// bench/tasks/emulator.ts, so this bundle holds only what `podc run` loads): `podc run` in-process (its CPU time and wall
// time around main(), after the modules are loaded), and a bare undici loop making the same HTTP requests (POST each
// planned podcast, then GET its audio) at the same concurrency: what any client must pay. A correct client sends each
// paid POST on a connection of its own (a POST written to a keep-alive socket the server has just closed cannot be
// proven unsent, and only a provably unsent POST may be sent again), so the loop does too unless told `keepAlive`: the
// loop that reuses connections for its POSTs is measured for information only.

import diagnostics from "node:diagnostics_channel";
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { Agent, request } from "undici";
import { COMMANDS } from "../../src/cli/commands.js";
import { interpretShapes } from "../../src/cli/interpreted-shapes.js";
import { main } from "../../src/cli/main.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/defaults.js";
import { fsyncLater } from "../../src/files/fsync-later.js";
import { holdBaselineWasm } from "../../src/service/baseline-wasm.js";
import { processSwitches, switchesBetween, type Switches } from "../lib/context-switches.js";
import { PaidPosts, type HeardRequest } from "../lib/paid-posts.js";
import { collect, defineTasks } from "../lib/task.js";

interface Measured {
  ms: number;
  /** User + system: what the figure reports; the two apart, to tell computing from the kernel's work (fsync, files). */
  cpuMs: number;
  userMs: number;
  systemMs: number;
  jobs: number;
  /** When the first HTTP request was made and the last answer ended, in ms from the start of the run. */
  firstRequestMs: number;
  lastAnswerMs: number;
  /** The median paid POST, from its request to its answer's head: what a slot (podc) or a worker (the loops) waits on the service. */
  postMs: number;
  /** podc only: the median time from a paid request's intent (its entry's time in the journal) to its POST. */
  intentToPostMs?: number;
  /** The context switches of every thread of this process during the run, where /proc tells them. */
  switches?: Switches;
}

/**
 * Wall and CPU time (user + system, every thread of this process) of `run`, after a full collection (as timed() does),
 * with when its first HTTP request was made and its last answer ended, from undici's diagnostics channels (every copy
 * of undici in the process publishes to them, podc's bundled one included): what lies outside those two moments is the
 * run's fixed cost at either end (compiling, the lock and the journal; the manifest and closing), what lies between is
 * the jobs'. From the same channels, each paid POST (a request with an Idempotency-Key) by its key: when it was made
 * and when its answer's head came. And how often the process's threads stopped running during it (read outside the
 * clock).
 */
async function measure(run: () => Promise<number>): Promise<Measured & { posts: PaidPosts }> {
  let first = Number.NaN;
  let last = Number.NaN;
  const posts = new PaidPosts();
  const created = (message: unknown): void => {
    const now = performance.now();
    if (Number.isNaN(first)) first = now;
    posts.created((message as { request: HeardRequest }).request, now);
  };
  const answered = (message: unknown): void => posts.answered((message as { request: object }).request, performance.now());
  const ended = (): void => {
    last = performance.now();
  };
  diagnostics.subscribe("undici:request:create", created);
  diagnostics.subscribe("undici:request:headers", answered);
  diagnostics.subscribe("undici:request:trailers", ended);
  try {
    // Otherwise the garbage of loading the modules is collected during the run, and counted as the jobs' work.
    collect();
    const switchesBefore = processSwitches();
    const cpu = process.cpuUsage();
    const start = performance.now();
    const jobs = await run();
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const switches = switchesBetween(switchesBefore, processSwitches());
    const cpuMs = (used.user + used.system) / 1000;
    return {
      ms,
      cpuMs,
      userMs: used.user / 1000,
      systemMs: used.system / 1000,
      jobs,
      firstRequestMs: first - start,
      lastAnswerMs: last - start,
      postMs: posts.medianMs(),
      ...(switches ? { switches } : {}),
      posts,
    };
  } finally {
    diagnostics.unsubscribe("undici:request:create", created);
    diagnostics.unsubscribe("undici:request:headers", answered);
    diagnostics.unsubscribe("undici:request:trailers", ended);
  }
}

/** Writes `bytes` to a new file at `path` and fsyncs it through the thread pool, as podc does, before resolving. */
async function writeFlushed(path: string, bytes: Buffer): Promise<void> {
  const fd = openSync(path, "wx");
  try {
    writeSync(fd, bytes);
    await fsyncLater(fd);
  } finally {
    closeSync(fd);
  }
}

const discard = (): Writable => new Writable({ write: (_chunk, _encoding, done) => done() });

defineTasks({
  /** `podc run episode.pod` in the repository `dir`, in this process; every job must finish. */
  async podc({ dir, url, key }: { dir: string; url: string; key: string }) {
    const env = { PATH: process.env.PATH ?? "", NO_COLOR: "1", PODC_BASE_URL: url, PODC_API_KEY: key };
    let output = "";
    const stderr = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        output = (output + chunk.toString()).slice(-2000);
        done();
      },
    });
    // The command's modules are loaded (and their shapes built) before the clock starts, as the bare loop's undici is:
    // main() loads a command on first use, a cost of the process's start that the cold-start rows measure, not a job's.
    // First what main() sets before it loads a command: zod decides whether a shape is compiled or interpreted when
    // the shape is built, as its module loads, so loading the command before this would measure compiled shapes,
    // which the command line never runs.
    interpretShapes();
    await COMMANDS.run!.load();
    const result = await measure(async () => {
      // The runner alone: assembling the episode afterwards is the build row's to measure.
      const code = await main(["run", "--no-build", "episode.pod"], { stdout: discard(), stderr, env, cwd: dir });
      if (code !== 0) throw new Error(`podc run exited ${code}: ${output}`);
      return 0;
    });
    // Counted once the clock has stopped: reading the journal back is the bench's work, not the run's.
    const journal = readFileSync(join(dir, ".podc", "journal.jsonl"), "utf8");
    const done = journal.split("\n").filter((line) => line.includes('"type":"done"')).length;
    const { posts, ...measured } = result;
    return { ...measured, jobs: done, intentToPostMs: posts.intentToPostMs(journal, performance.timeOrigin) };
  },

  /**
   * The same requests as `podc run` of the script in `dir` would send, from a plain undici loop with `concurrency` in
   * flight: each POST on a fresh connection (as podc's), the GETs on keep-alive ones; with `keepAlive`, the POSTs too.
   * With `flush`, each file is fsynced (off the main thread, as podc does) before the loop goes on: the one disk step
   * no client that keeps what it paid for can skip. With `baselineWasm`, undici's HTTP parser stays at V8's baseline
   * tier, as podc keeps it (src/service/baseline-wasm.ts).
   */
  async bare({
    dir,
    url,
    key,
    concurrency,
    keepAlive = false,
    flush = false,
    baselineWasm = false,
  }: {
    dir: string;
    url: string;
    key: string;
    concurrency: number;
    keepAlive?: boolean;
    flush?: boolean;
    baselineWasm?: boolean;
  }) {
    const text = readFileSync(join(dir, "episode.pod"), "utf8");
    const plan = analyze(text, { file: "episode.pod", config: defaultConfig(), plan: true }).plan!;
    const requests = plan.requests.map((r) => ({ path: r.path, body: JSON.stringify(r.body) }));
    // Before the first connection, where undici compiles its parser.
    const release = baselineWasm ? holdBaselineWasm() : undefined;
    const out = join(dir, "bare");
    mkdirSync(out, { recursive: true });
    const dispatcher = new Agent({ connections: concurrency });
    // pipelining 0: one request per connection, closed after its answer.
    const paid = keepAlive ? dispatcher : new Agent({ pipelining: 0 });
    const run = `${process.pid}-${Date.now()}`;
    const result = await measure(async () => {
      let next = 0;
      const worker = async (): Promise<void> => {
        for (let i = next++; i < requests.length; i = next++) {
          const { path, body } = requests[i]!;
          const posted = await request(`${url}${path}`, {
            method: "POST",
            dispatcher: paid,
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": `bare-${run}-${i}` },
            body,
          });
          if (posted.statusCode !== 200) throw new Error(`POST ${path}: HTTP ${posted.statusCode} ${await posted.body.text()}`);
          const answer = (await posted.body.json()) as { url: string };
          const audio = await request(answer.url, { dispatcher });
          if (audio.statusCode !== 200) throw new Error(`GET audio: HTTP ${audio.statusCode}`);
          const bytes = Buffer.from(await audio.body.arrayBuffer());
          if (flush) await writeFlushed(join(out, `${i}.wav`), bytes);
          else writeFileSync(join(out, `${i}.wav`), bytes);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      return requests.length;
    });
    await Promise.all([dispatcher.close(), paid.close()]);
    release?.();
    const { posts: _posts, ...measured } = result;
    return measured;
  },
});
