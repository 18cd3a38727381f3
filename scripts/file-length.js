// Fails when a source file under src/ is longer than 400 lines: past that, a file holds more than one concept and
// should be cut by concept (docs/architecture.md). Prints each offender with its length.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const MAX_LINES = 400;
const root = fileURLToPath(new URL("..", import.meta.url));
const src = join(root, "src");

const lengths = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file: relative(root, join(src, file)), lines: readFileSync(join(src, file), "utf8").split("\n").length - 1 }))
  .sort((a, b) => b.lines - a.lines);

const long = lengths.filter(({ lines }) => lines > MAX_LINES);

for (const { file, lines } of long) process.stderr.write(`${file}: ${lines} lines (at most ${MAX_LINES}: cut it by concept)\n`);
if (long.length > 0) process.exitCode = 1;
