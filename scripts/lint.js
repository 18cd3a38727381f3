// `npm run lint`: knip, eslint and prettier side by side rather than one after another. eslint alone takes most of the
// time (TypeScript's type information), so on two cores the others finish beside it and the whole lint lasts as long
// as eslint. Each tool's output is printed whole once it ends, so two tools' lines never interleave; the exit code is
// the first failure's.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";

// The longest first, so that it starts before the others compete for the cores.
const PARTS = ["lint:eslint", "lint:knip", "lint:prettier"];

const runs = PARTS.map((part) =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", part], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ part, code: 1, output: [Buffer.from(`${error.message}\n`)] }));
    child.on("close", (code, signal) => resolve({ part, code: code ?? (signal ? 1 : 0), output }));
  }).then((done) => {
    process.stdout.write(Buffer.concat(done.output));
    return done;
  }),
);

const failed = (await Promise.all(runs)).filter((done) => done.code !== 0);
for (const { part, code } of failed) process.stderr.write(`npm run ${part} failed (exit ${code})\n`);
process.exitCode = failed[0]?.code ?? 0;
