import { parseArgs } from "node:util";
import { nearest } from "../diagnostics/suggest.js";
import { COMMANDS } from "./commands.js";
import { docsPath, version } from "./installation.js";
import { ScriptSearchError } from "../workspace/find-scripts.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { redact } from "../service/redact.js";
import { interpretShapes } from "./interpreted-shapes.js";
import { processStdio } from "./stdio.js";
import { abortOnStopSignals } from "./stop-signals.js";

/*
 * The command line's entry: `main` reads the command's name from argv, finds it in the registry (commands.ts) and hands
 * it the rest, which the command parses against its own option table. Every command declares its options once, as a typed table: the parser reads it, so does its help, so the two
 * never disagree. A command is `defineCommand(spec, handler)`; its help (`podc help NAME`, `podc NAME --help`),
 * unknown options with "did you mean", missing values and wrong choices are handled here, the same for all.
 */

export interface OptionSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  /** A string option that may be given more than once: its value is a list. */
  readonly multiple?: boolean;
  readonly default?: string;
  /** The value's name in help: `--out DIR`. */
  readonly arg?: string;
  /** The only values a string option accepts. */
  readonly choices?: readonly string[];
  readonly help: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** The parsed value of each option: booleans are false when absent; a string with a default always has one. */
export type OptionValues<O extends OptionTable> = {
  -readonly [K in keyof O]: O[K]["type"] extends "boolean"
    ? boolean
    : O[K]["multiple"] extends true
      ? string[]
      : O[K]["default"] extends string
        ? string
        : string | undefined;
};

export interface CommandSpec<O extends OptionTable> {
  /** As typed after `podc`; its one-line summary lives in the registry (commands.ts). */
  readonly name: string;
  /** What follows `podc NAME` on each usage line, e.g. `[PATH|GLOB …] [options]`. */
  readonly usage: readonly string[];
  /** What the command does, in a few lines of plain text. */
  readonly description: string;
  readonly options: O;
  /** The exit codes and what each means for this command. */
  readonly exit: string;
  /** Its documentation page, relative to podc's package (shipped with it): `docs/run.md`. */
  readonly docs: string;
  /** Whether positional arguments are accepted at all (default: yes). */
  readonly positionals?: boolean;
}

export interface Parsed<O extends OptionTable> {
  values: OptionValues<O>;
  positionals: string[];
}

export interface Command<O extends OptionTable = OptionTable> {
  readonly spec: CommandSpec<O>;
  /** Parses `argv`, prints help or runs the command; usage mistakes print one line and return 2. Never throws them. */
  run(argv: string[], io: Io): Promise<number>;
}

const HELP_OPTION: OptionSpec = { type: "boolean", short: "h", help: "show this help" };
const NO_COLOR_OPTION: OptionSpec = { type: "boolean", help: "no colour in what is printed (as NO_COLOR=1 does)" };

/** A command from its option table and what it does with the parsed arguments. */
export function defineCommand<const O extends OptionTable>(spec: CommandSpec<O>, handler: (args: Parsed<O>, io: Io) => Promise<number>): Command<O> {
  return {
    spec,
    async run(argv, io) {
      let parsed: Parsed<O> | "help";
      try {
        parsed = parseCommandLine(spec, argv);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        io.stderr.write(`podc ${spec.name}: ${error.message}\nRun podc ${spec.name} --help for its options.\n`);
        return EXIT.usage;
      }
      try {
        if (parsed === "help") {
          io.stdout.write(helpText(spec));
          return EXIT.ok;
        }
        // One switch for every command: what prints in colour asks useColor, which reads NO_COLOR.
        return await handler(parsed, parsed.values["no-color"] === true ? { ...io, env: { ...io.env, NO_COLOR: "1" } } : io);
      } catch (error) {
        if (error instanceof UsageError || error instanceof ScriptSearchError) {
          io.stderr.write(`podc ${spec.name}: ${error.message}\n`);
          return EXIT.usage;
        }
        throw error;
      }
    },
  };
}

/** The option table with `--no-color` and `--help` added, as parsed and as shown. */
function allOptions(spec: CommandSpec<OptionTable>): OptionTable {
  return { ...spec.options, "no-color": NO_COLOR_OPTION, help: HELP_OPTION };
}

/** `argv` parsed against the command's table, or "help" when help was asked for. Mistakes throw UsageError. */
function parseCommandLine<O extends OptionTable>(spec: CommandSpec<O>, argv: string[]): Parsed<O> | "help" {
  const table = allOptions(spec);
  // A first, lenient pass finds every option token, so that mistakes are explained in our words, not Node's.
  const { tokens } = parseArgs({ args: argv, options: toNode(table), allowPositionals: true, strict: false, tokens: true });
  if (tokens.some((t) => t.kind === "option" && t.name === "help")) return "help";
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const option = table[token.name];
    if (!option) throw new UsageError(unknownOption(token.rawName, table));
    if (option.type === "boolean" && token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
    if (option.type === "string") {
      if (token.value === undefined) throw new UsageError(`${token.rawName} needs a value${option.arg ? ` (${option.arg})` : ""}${choicesNote(option)}`);
      if (option.choices && !option.choices.includes(token.value)) {
        const near = nearest(token.value, option.choices);
        throw new UsageError(`${token.rawName} takes ${option.choices.join(", ")}, not ${token.value}${near ? ` (did you mean ${near}?)` : ""}`);
      }
    }
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: toNode(table), allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values: Record<string, unknown> = { ...parsed.values };
  for (const [name, option] of Object.entries(table)) {
    if (values[name] !== undefined) continue;
    if (option.type === "boolean") values[name] = false;
    else if (option.multiple) values[name] = [];
  }
  if (spec.positionals === false && parsed.positionals.length > 0) {
    throw new UsageError(`unexpected argument ${parsed.positionals[0]} (podc ${spec.name} takes options only)`);
  }
  return { values: values as OptionValues<O>, positionals: parsed.positionals };
}

function toNode(table: OptionTable) {
  const options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean; default?: string }> = {};
  for (const [name, o] of Object.entries(table)) {
    options[name] = { type: o.type };
    if (o.short !== undefined) options[name].short = o.short;
    if (o.multiple) options[name].multiple = true;
    if (o.default !== undefined) options[name].default = o.default;
  }
  return options;
}

function unknownOption(raw: string, table: OptionTable): string {
  const long = raw.startsWith("--") ? raw.slice(2).split("=")[0]! : raw.slice(1);
  const near = raw.startsWith("--") ? nearest(long, Object.keys(table)) : Object.entries(table).find(([name]) => name === long)?.[0];
  return `unknown option ${raw.split("=")[0]}${near ? ` (did you mean --${near}?)` : ""}`;
}

function choicesNote(option: OptionSpec): string {
  return option.choices ? `: ${option.choices.join(", ")}` : "";
}

/** Help lines are wrapped to this width, as most terminals and man pages are. */
const HELP_WIDTH = 100;

/**
 * The help of a command, the same layout for every command: summary, usage, description, options, exit, docs.
 * `docs` is how its documentation page is named: by default, its path where podc is installed.
 */
export function helpText(spec: CommandSpec<OptionTable>, docs = docsPath(spec.docs)): string {
  const summary = COMMANDS[spec.name]?.summary;
  const rows = Object.entries(allOptions(spec)).map(([name, o]) => {
    const value = o.type === "string" ? ` ${o.arg ?? (o.choices ? o.choices.join("|") : "VALUE")}` : "";
    const left = `${o.short ? `-${o.short}, ` : "    "}--${name}${value}`;
    const extra = o.default !== undefined ? ` (default: ${o.default})` : "";
    return [left, `${o.help}${extra}`] as const;
  });
  const width = Math.min(28, Math.max(...rows.map(([left]) => left.length)));
  const indent = " ".repeat(width + 4);
  const options = rows.map(([left, text]) =>
    left.length > width ? `  ${left}\n${wrap(text, indent, indent)}` : wrap(text, `  ${left.padEnd(width)}  `, indent),
  );
  const usage = spec.usage.map((line, i) => `${i === 0 ? "Usage: " : "       "}podc ${spec.name}${line ? ` ${line}` : ""}`);
  return [
    `podc ${spec.name}${summary ? ` — ${summary}` : ""}`,
    "",
    ...usage,
    "",
    ...paragraphs(spec.description),
    "",
    "Options:",
    ...options,
    "",
    wrap(`Exit: ${spec.exit.replace(/\s*\n\s*/g, " ")}`, "", "      "),
    `Docs: ${docs}`,
    "",
  ].join("\n");
}

/** Text whose paragraphs are separated by blank lines, each wrapped to HELP_WIDTH. */
function paragraphs(text: string): string[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => wrap(paragraph, "", ""))
    .join("\n\n")
    .split("\n");
}

/** `text` as lines of at most HELP_WIDTH columns, the first after `first`, the others after `rest`. */
function wrap(text: string, first: string, rest: string): string {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/)) {
    if (!empty && line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.join("\n");
}

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
