import { directionTagMap } from "../ast/speech.js";
import { performedScript, SHOW_VERSION, type PerformedLine, type PerformedScript } from "../ast/performed-script.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { displayWidthFor, terminalSafe } from "../source/terminal-text.js";
import { defineCommand, type Parsed } from "./command.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { EXIT, useColor, type Io } from "./io.js";
import { findScripts } from "../workspace/find-scripts.js";
import { Workspace } from "../workspace/workspace.js";

const OPTIONS = {
  json: { type: "boolean", help: 'one JSON object on stdout: {"showVersion": 2, "scripts": [{"file", "lines": […]}]} (docs/cli.md)' },
} as const;

export const command = defineCommand(
  {
    name: "show",
    usage: ["FILE… [options]"],
    description: `Shows a script as it will be performed: every line beside its fate — who speaks it and in which
voice, sung, sent to the music service as a song tag, or not sent and why (title page, cast, note, direction,
heading, boneyard, parenthetical, a speaker without a voice, an error). Coloured on a terminal (each speaker in their
own colour, what is not sent dimmed), plain when piped. Works on .pod scripts and .fountain screenplays. Each
script a script includes follows it, marked (included), with the voices it is performed with there.`,
    options: OPTIONS,
    exit: "0 shown; 1 a script has errors (shown all the same; podc check says what they are); 2 usage, unreadable file or bad podc.json.",
    docs: "docs/cli.md",
  },
  show,
);

async function show({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  if (positionals.length === 0) {
    io.stderr.write("podc show: name the script to show: podc show FILE\n");
    return EXIT.usage;
  }
  const files = await findScripts(positionals, io.cwd);
  const workspace = await Workspace.forScripts(files);
  const printer = new DiagnosticPrinter(io, "human");
  const shown: PerformedScript[] = [];
  const withErrors: string[] = [];
  /** The included scripts shown after the scripts that include them. */
  const parts = new Set<PerformedScript>();
  for (const { shown: name, loaded, analysis } of printer.analysed(workspace, files, { plan: false })) {
    const tags = directionTagMap(loaded.config.speech.directionTags ?? {});
    shown.push(performedScript(name, analysis.script, analysis.source, (speaker) => analysis.cast.get(speaker)?.voice, tags));
    // Each script it includes follows it, as performed in it: with its cast.
    for (const part of analysis.included ?? []) {
      const performed = performedScript(part.file, part.script, part.source, (speaker) => part.cast.get(speaker)?.voice, tags);
      parts.add(performed);
      shown.push(performed);
    }
    if (hasErrors(analysis.diagnostics)) withErrors.push(name);
  }
  await printer.brokenConfigs(workspace);
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ showVersion: SHOW_VERSION, scripts: shown }, null, 2)}\n`);
  } else {
    const color = useColor(io.stdout, io.env);
    const paint = color ? await painter() : undefined;
    // Only the fate column is measured: its labels (a name, a song) say whether wide characters are to be counted.
    const width = await displayWidthFor(shown.flatMap((script) => script.lines.map((line) => line.label)));
    shown.forEach((script, i) => {
      // Several scripts are told apart as `head` and `tail` tell files apart.
      const included = parts.has(script) ? " (included)" : "";
      if (shown.length > 1) io.stdout.write(`${i > 0 ? "\n" : ""}==> ${terminalSafe(script.file)}${included} <==\n`);
      io.stdout.write(showText(script, width, paint));
    });
  }
  for (const name of withErrors) io.stderr.write(`podc show: ${terminalSafe(name)} has errors: podc check ${terminalSafe(name)} says what they are\n`);
  return printer.exitCode(withErrors.length > 0);
}

/** The fate column is as wide as its widest label, but never wider than this: a long song title is cut. */
const FATE_WIDTH = 36;

/** How a line's fate and text are coloured: a function of the line and of which speaker (by first appearance) it is. */
type Painter = (line: PerformedLine, speakerIndex: number) => { fate: (s: string) => string; text: (s: string) => string; number: (s: string) => string };

/** The colours, loaded only for coloured output (as the diagnostics' are). */
async function painter(): Promise<Painter> {
  const c = (await import("picocolors")).default.createColors(true);
  // Speakers in turn take these; two speakers of one colour are told apart by the label beside each line.
  const voices = [c.cyan, c.green, c.yellow, c.blue, c.magenta, c.redBright, c.cyanBright, c.greenBright];
  return (line, speakerIndex) => {
    const number = c.dim;
    if (line.fate === "spoken") {
      const color = voices[speakerIndex % voices.length]!;
      return { fate: (s) => c.bold(color(s)), text: color, number };
    }
    if (line.fate === "sung") return { fate: (s) => c.bold(c.magenta(s)), text: c.magenta, number };
    if (line.fate === "tag") return { fate: c.magenta, text: (s) => c.dim(c.magenta(s)), number };
    if (line.fate === "pause" || line.fate === "sound") return { fate: c.yellow, text: c.dim, number };
    if (line.reason === "error" || line.reason === "unknown speaker") return { fate: (s) => c.bold(c.red(s)), text: c.red, number };
    return { fate: c.dim, text: c.dim, number };
  };
}

/** A script as lines of `NUMBER  FATE  TEXT`, the fate column padded to one width; script text made safe to print. */
function showText(script: PerformedScript, width: (text: string) => number, paint?: Painter): string {
  const labels = script.lines.map((line) => cut(terminalSafe(line.label), FATE_WIDTH, width));
  const column = labels.reduce((widest, label) => Math.max(widest, width(label)), 0);
  const gutter = String(script.lines.length).length;
  const speakers = new Map<string, number>();
  return script.lines
    .map((line, i) => {
      const label = labels[i]!;
      const number = String(line.line).padStart(gutter);
      // Trailing white space is invisible on a terminal; without it, a blank line is its number alone.
      const text = terminalSafe(line.text).trimEnd();
      if (line.fate === "spoken" && !speakers.has(line.speaker!)) speakers.set(line.speaker!, speakers.size);
      const colors = paint?.(line, speakers.get(line.speaker ?? "") ?? 0);
      const shownNumber = colors ? colors.number(number) : number;
      if (text === "") return `${shownNumber}${label === "" ? "" : `  ${colors ? colors.fate(label) : label}`}\n`;
      const padded = label + " ".repeat(column - width(label));
      return colors ? `${shownNumber}  ${colors.fate(padded)}  ${colors.text(text)}\n` : `${number}  ${padded}  ${text}\n`;
    })
    .join("");
}

/** `text` cut to at most `max` columns, ending in "…" when cut. */
function cut(text: string, max: number, width: (text: string) => number): string {
  if (width(text) <= max) return text;
  let out = "";
  for (const character of text) {
    if (width(out + character) > max - 1) break;
    out += character;
  }
  return `${out}…`;
}
