// The emulator as a server in a process of its own, for rows that measure a client against it (bench/rows/runner.ts):
// its work is then not counted as the client's, and the client's process holds none of its code.

import { startEmulator } from "../../src/emulator/server.js";
import { defineTasks } from "../lib/task.js";

/** The CPU time this process has used so far (user + system, every thread), in ms. */
function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

defineTasks({
  /**
   * Serves until its stdin closes; its first line says where (`{ url }`). Its files go to `dataDir` when given. Each
   * line `cpu` on its stdin is answered with a line `{ cpuMs }`: the CPU time it has used so far, so that a row can
   * tell how much of the machine the emulator took while a client ran.
   */
  async serve({ key, clockMs, dataDir }: { key: string; clockMs: number; dataDir?: string }) {
    const emu = await startEmulator({ apiKey: key, clockMs, speech: "synth", ...(dataDir === undefined ? {} : { dataDir }) });
    process.stdout.write(`${JSON.stringify({ url: emu.url })}\n`);
    await new Promise((resolve) => {
      let pending = "";
      process.stdin.setEncoding("utf8");
      process.stdin
        .on("data", (chunk: string) => {
          pending += chunk;
          for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
            const question = pending.slice(0, end).trim();
            pending = pending.slice(end + 1);
            if (question === "cpu") process.stdout.write(`${JSON.stringify({ cpuMs: cpuMs() })}\n`);
          }
        })
        .on("end", resolve)
        .on("close", resolve);
    });
    await emu.close();
    return {};
  },
});
