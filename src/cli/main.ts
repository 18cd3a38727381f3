import { nearest } from "../diagnostics/suggest.js";
import { EXIT, UsageError, type Io } from "./io.js";

interface Command {
  summary: string;
  load: () => Promise<{ run(argv: string[], io: Io): Promise<number> }>;
}

// Each command is loaded only when called, so `podc check` never pays for the HTTP client or the language server.
const COMMANDS: Record<string, Command> = {
  check: { summary: "parse and check scripts", load: () => import("./check.js") },
  compile: { summary: "print a script's request plan as JSON", load: () => import("./compile.js") },
  run: { summary: "submit a script and bring back its audio", load: () => import("./run.js") },
  status: { summary: "show what the journal knows of every job", load: () => import("./status.js") },
  serve: { summary: "start the local emulator of the Audio Generation Service", load: () => import("./serve.js") },
  import: { summary: "convert Fountain and Final Draft screenplays to .pod scripts", load: () => import("./import.js") },
  fmt: { summary: "rewrite scripts in the canonical layout", load: () => import("./fmt.js") },
  lsp: { summary: "start the language server (--stdio)", load: () => import("./lsp.js") },
};

const VERSION = "0.1.0";

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `podc — compile .pod audio-episode scripts into audio

Usage: podc <command> [options]

Commands:
${lines.join("\n")}

Run \`podc <command> --help\` for a command's options. Docs: docs/cli.md`;
}

/** The whole command line: argv in, exit code out. Never throws; a usage mistake is exit code 2. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(help() + "\n");
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === "--version" || name === "-v") {
    io.stdout.write(VERSION + "\n");
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    const near = nearest(name, Object.keys(COMMANDS));
    io.stderr.write(`podc: unknown command ${name}${near ? ` (did you mean ${near}?)` : ""}\nRun podc --help for the list.\n`);
    return EXIT.usage;
  }
  try {
    const module = await command.load();
    return await module.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`podc ${name}: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
