import { nearest } from "../diagnostics/suggest.js";
import { redact } from "../service/redact.js";
import { COMMANDS } from "./commands.js";
import { docsPath, version } from "./installation.js";
import { interpretShapes } from "./interpreted-shapes.js";
import { EXIT, type Io } from "./io.js";
import { processStdio } from "./stdio.js";
import { abortOnStopSignals } from "./stop-signals.js";

/** The overview: what podc is, its commands, and where to read more. */
function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `podc ${version()} — check, compile and run .pod audio-episode scripts

Usage: podc <command> [options]

Commands:
${lines.join("\n")}

Options:
  -h, --help     show this help (podc help COMMAND, or podc COMMAND --help, for a command's)
  -V, --version  print podc's version

Docs: ${docsPath("docs/cli.md")}
`;
}

function unknownCommand(name: string, io: Io): number {
  const near = nearest(name, Object.keys(COMMANDS));
  io.stderr.write(`podc: unknown command ${name}${near ? ` (did you mean ${near}?)` : ""}\nRun podc help for the list of commands.\n`);
  return EXIT.usage;
}

/** The whole command line: argv in, exit code out. Usage mistakes are one line on stderr and exit code 2. */
export async function main(argv: string[], io: Io): Promise<number> {
  interpretShapes();
  const [name, ...rest] = argv;
  // Bare `podc`, as cargo and gh do: the overview on stdout, and success, since nothing went wrong.
  if (name === undefined || name === "--help" || name === "-h") {
    io.stdout.write(overview());
    return EXIT.ok;
  }
  if (name === "--version" || name === "-V" || name === "version") {
    io.stdout.write(`podc ${version()}\n`);
    return EXIT.ok;
  }
  if (name === "help") {
    const [topic, ...extra] = rest;
    if (topic === undefined || topic === "help") {
      io.stdout.write(overview());
      return EXIT.ok;
    }
    if (extra.length > 0) {
      io.stderr.write(`podc help: takes one command, got ${rest.join(" ")}\n`);
      return EXIT.usage;
    }
    const entry = COMMANDS[topic];
    if (!entry) return unknownCommand(topic, io);
    return (await entry.load()).command.run(["--help"], io);
  }
  if (name.startsWith("-")) {
    const near = nearest(name.replace(/^-+/, ""), ["help", "version"]);
    io.stderr.write(
      `podc: unknown option ${name}${near ? ` (did you mean --${near}?)` : ""}\nUsage: podc <command> [options]; podc help for the list of commands.\n`,
    );
    return EXIT.usage;
  }
  const entry = COMMANDS[name];
  if (!entry) return unknownCommand(name, io);
  return (await entry.load()).command.run(rest, io);
}

/**
 * Runs podc as this process: arguments, streams and environment from `process`, the exit code into
 * `process.exitCode`. Ctrl-C, SIGTERM and SIGHUP abort `interrupted` rather than killing, so a run can close its journal.
 */
export function mainProcess(): void {
  // The last line of defence: whatever a command prints, the key never reaches the terminal or a CI log.
  const secrets = [process.env.PODC_API_KEY ?? ""];
  const hideKey = (text: unknown): string => redact(String(text), secrets);
  const stdout = processStdio(1, () => process.stdout, undefined, hideKey);
  const stderr = processStdio(2, () => process.stderr, undefined, hideKey);
  const interrupted = abortOnStopSignals();
  main(process.argv.slice(2), {
    stdout,
    stderr,
    // A getter: opening standard input costs every command a few milliseconds of start-up, and only fmt - and lsp read it.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
    interrupted,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Only a bug in podc reaches here: one line, no stack, and never the key.
      const message = (error as Error | undefined)?.message ?? error;
      stderr.write(`podc: internal error: ${hideKey(message)}\nPlease report it with the command you ran.\n`);
      process.exitCode = 70;
    },
  );
}
