// The other end of BenchContext.task: a module in bench/tasks/ calls defineTasks with its measurements; bundled and run
// as `node --expose-gc <bundle> <name> <json args>`, it runs the one named and prints its result as one line of JSON.
// Each task runs in a fresh process, so it starts with a fresh heap and nothing warmed by another figure.

export type Task = (args: never) => unknown;

export function defineTasks(tasks: Record<string, Task>): void {
  const [name, json] = process.argv.slice(2);
  const task = name === undefined ? undefined : tasks[name];
  if (!task) {
    process.stderr.write(`usage: <bundle> ${Object.keys(tasks).join("|")} [json args]\n`);
    process.exitCode = 2;
    return;
  }
  Promise.resolve(task(JSON.parse(json ?? "{}") as never)).then(
    (result) => process.stdout.write(JSON.stringify(result) + "\n"),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

/** Milliseconds one call of `run` takes, after a full garbage collection (when the task was started with --expose-gc, as tasks are) so it pays for none of the garbage before it. */
function timed(run: () => unknown): number {
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * Times each function `runs` times, in turns (a, b, c, a, b, c, …) after `warmup` unrecorded turns, so that drift and
 * other processes' load hit them alike. Returns every time, per function, in turn order: entry i of two series is a pair.
 */
export function interleaved(runs: number, warmup: number, subjects: Record<string, () => unknown>): Record<string, number[]> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  for (let r = 0; r < warmup + runs; r++) {
    for (const [name, run] of Object.entries(subjects)) {
      const ms = timed(run);
      if (r >= warmup) times[name]!.push(ms);
    }
  }
  return times;
}
