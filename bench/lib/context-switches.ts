// How often a process's threads stopped running, from Linux's per-thread counters in /proc: voluntary switches (the
// thread went to sleep, on a socket, a lock or the disk, and was woken later) and involuntary ones (it was runnable
// and the scheduler gave its core to another thread). On two cores shared by a client and the emulator, each wake-up
// of a client thread may take the core from the emulator's one thread mid-job: the runner row counts both sides.

import { readdirSync, readFileSync } from "node:fs";

export interface Switches {
  voluntary: number;
  involuntary: number;
}

const PROC = "/proc/self";

/** The counters of one thread's `status` file, or undefined where it cannot be read (not Linux, the thread ended). */
function read(status: string): Switches | undefined {
  let text: string;
  try {
    text = readFileSync(status, "utf8");
  } catch {
    return undefined;
  }
  const voluntary = /^voluntary_ctxt_switches:\s*(\d+)$/m.exec(text);
  const involuntary = /^nonvoluntary_ctxt_switches:\s*(\d+)$/m.exec(text);
  if (!voluntary || !involuntary) return undefined;
  return { voluntary: Number(voluntary[1]), involuntary: Number(involuntary[1]) };
}

/** This process's main thread's switches so far (its JavaScript runs there); undefined where /proc does not say. */
export function mainThreadSwitches(): Switches | undefined {
  return read(`${PROC}/task/${process.pid}/status`);
}

/**
 * Every thread's switches so far, summed over the threads alive now (the main thread, libuv's pool, V8's workers).
 * Two readings in one process subtract: a thread started between them counts from zero, and Node ends none of these
 * threads before the process exits. Undefined where /proc does not say.
 */
export function processSwitches(): Switches | undefined {
  let threads: string[];
  try {
    threads = readdirSync(`${PROC}/task`);
  } catch {
    return undefined;
  }
  const sum: Switches = { voluntary: 0, involuntary: 0 };
  for (const thread of threads) {
    const one = read(`${PROC}/task/${thread}/status`);
    if (!one) continue;
    sum.voluntary += one.voluntary;
    sum.involuntary += one.involuntary;
  }
  return sum;
}

/** `after` less `before`, or undefined when either is. */
export function switchesBetween(before: Switches | undefined, after: Switches | undefined): Switches | undefined {
  if (!before || !after) return undefined;
  return { voluntary: after.voluntary - before.voluntary, involuntary: after.involuntary - before.involuntary };
}
