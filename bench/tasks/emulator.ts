// The emulator as a server in a process of its own, for rows that measure a client against it (bench/rows/runner.ts):
// its work is then not counted as the client's, and the client's process holds none of its code.

import { createInterface } from "node:readline";
import { mainThreadSwitches } from "../lib/context-switches.js";
import { startEmulator } from "../../src/emulator/server.js";
import { defineTasks } from "../lib/task.js";

defineTasks({
  /**
   * Serves until its stdin closes; its first line says where (`{ url }`). Its files go to `dataDir` when given. Each
   * line `cpu` on its stdin is answered with a line `{ cpuMs, switches }`: the CPU time it has used so far, and its
   * main thread's context switches (where /proc tells them), so that a row can tell how much of the machine the
   * emulator took while a client ran, and how often the client took the emulator's core from it.
   */
  async serve({ key, clockMs, dataDir }: { key: string; clockMs: number; dataDir?: string }) {
    const emu = await startEmulator({ apiKey: key, clockMs, speech: "synth", ...(dataDir === undefined ? {} : { dataDir }) });
    process.stdout.write(`${JSON.stringify({ url: emu.url })}\n`);
    for await (const question of createInterface({ input: process.stdin })) {
      if (question.trim() !== "cpu") continue;
      const used = process.cpuUsage(); // user + system, every thread
      process.stdout.write(`${JSON.stringify({ cpuMs: (used.user + used.system) / 1000, switches: mainThreadSwitches() })}\n`);
    }
    await emu.close();
    return {};
  },
});
