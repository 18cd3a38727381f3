// Which cores a bench process may run on. The runner row gives the emulator, which stands for a service on another
// machine, cores of its own, apart from the client's: on shared cores, whatever CPU a client spends also slows the
// emulator, so the throughput ratio would charge a client for its CPU twice, once in its own time and once in the
// service's, which no service on another machine does. Linux only: the list comes from /proc and the pinning from
// util-linux's `taskset`; elsewhere the row runs on shared cores and says so.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The emulator's cores and the client's, apart. */
export interface CoreSplit {
  emulator: number[];
  client: number[];
}

/** The cores of a `Cpus_allowed_list` such as `0-3,8,10-11`, in order; undefined when the text is not such a list. */
export function parseCoreList(list: string): number[] | undefined {
  const cores: number[] = [];
  for (const part of list.trim().split(",")) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first) return undefined;
    for (let core = first; core <= last; core++) cores.push(core);
  }
  return cores;
}

/** The cores this process may run on, from a `/proc/<pid>/status` text; undefined where it does not say. */
export function allowedCores(status: string): number[] | undefined {
  const line = /^Cpus_allowed_list:\s*(\S+)\s*$/m.exec(status);
  return line ? parseCoreList(line[1]!) : undefined;
}

/** The first core for the emulator (its one thread does a job's work), the rest for the client; undefined with fewer than two. */
export function splitCores(cores: readonly number[]): CoreSplit | undefined {
  if (cores.length < 2) return undefined;
  return { emulator: [cores[0]!], client: cores.slice(1) };
}

/** The command that runs `file args…`: on `cores` only, every thread, when given (`taskset -c <cores> file args…`), else as is. */
export function onCores(cores: readonly number[] | undefined, file: string, args: readonly string[]): { file: string; args: string[] } {
  return cores ? { file: "taskset", args: ["-c", cores.join(","), file, ...args] } : { file, args: [...args] };
}

/**
 * How this machine's cores split between the emulator and a client, or why they do not: fewer than two cores for this
 * process, no /proc to say which, or no working `taskset`.
 */
export function coreSplit(): CoreSplit | { unsplit: string } {
  let status: string;
  try {
    status = readFileSync("/proc/self/status", "utf8");
  } catch {
    return { unsplit: "no /proc/self/status to list the cores" };
  }
  const cores = allowedCores(status);
  if (!cores) return { unsplit: "/proc/self/status lists no cores" };
  const split = splitCores(cores);
  if (!split) return { unsplit: `this process may use only core ${cores.join(",")}` };
  const probe = onCores(split.emulator, "true", []);
  const tried = spawnSync(probe.file, probe.args, { stdio: "ignore" });
  if (tried.error || tried.status !== 0) return { unsplit: `taskset does not run here (${tried.error?.message ?? `exit ${tried.status}`})` };
  return split;
}
