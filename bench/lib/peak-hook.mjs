// Preloaded with --import into a process the bench measures: on exit, writes the process's peak resident set
// (bytes) to the file named by PODC_BENCH_PEAK. A process that dies without exiting (killed, out of memory) writes
// nothing, which the bench reports as such.
import { writeFileSync } from "node:fs";

const file = process.env.PODC_BENCH_PEAK;
if (file) {
  process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
}
