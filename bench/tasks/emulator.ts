// The emulator as a server in a process of its own, for rows that measure a client against it (bench/rows/runner.ts):
// its work is then not counted as the client's, and the client's process holds none of its code.

import { startEmulator } from "../../src/emulator/server.js";
import { defineTasks } from "../lib/task.js";

defineTasks({
  /** Serves until its stdin closes; its first line says where (`{ url }`). Its files go to `dataDir` when given. */
  async serve({ key, clockMs, dataDir }: { key: string; clockMs: number; dataDir?: string }) {
    const emu = await startEmulator({ apiKey: key, clockMs, speech: "synth", ...(dataDir === undefined ? {} : { dataDir }) });
    process.stdout.write(`${JSON.stringify({ url: emu.url })}\n`);
    await new Promise((resolve) => {
      process.stdin.on("end", resolve).on("close", resolve).resume();
    });
    await emu.close();
    return {};
  },
});
