import { readFileSync } from "node:fs";
import { z } from "zod";
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from "jsonc-parser";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { nearest } from "../diagnostics/suggest.js";
import { makeLexicon } from "../language/lexicon.js";
import { RESERVED_LABELS } from "../language/song-block.js";
import { SourceText } from "../source/source-text.js";
import { defaultConfig } from "./defaults.js";
import { CONFIG_FILE, findConfig, lexiconFilePath } from "./find.js";
import { ConfigSchema, LimitsSchema, ServiceSettingsSchema, type Config } from "./schema.js";

export { CONFIG_FILE, findConfig } from "./find.js";

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the podc.json used, if any. */
  path?: string;
  /** Its text, for rendering diagnostics that point into it. */
  source?: SourceText;
  /** Diagnostics of podc.json, and of the lexicon file it names (those have that file as `file`). */
  diagnostics: Diagnostic[];
  /** The lexicon file podc.json names (`speech.lexiconFile`), when it was read: its path and text. */
  lexicon?: { path: string; source: SourceText };
}

/** The file a diagnostic of `loaded` points into — podc.json, or the lexicon file it names — and its text. */
export function fileOf(loaded: LoadedConfig, d: Diagnostic): { path: string | undefined; source: SourceText | undefined } {
  if (loaded.lexicon && d.file === loaded.lexicon.path) return loaded.lexicon;
  return { path: loaded.path, source: loaded.source };
}

/** Loads the configuration governing scripts in `dir`: defaults when there is no podc.json. */
export function loadConfigFor(dir: string): LoadedConfig {
  const path = findConfig(dir);
  if (!path) return { config: defaultConfig(), diagnostics: [] };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const source = new SourceText("");
    const reason = (error as NodeJS.ErrnoException).code ?? "unreadable";
    return {
      config: defaultConfig(),
      path,
      source,
      diagnostics: [diagnostic("POD0702", source.span(0, 0), { unreadable: reason }, { file: path })],
    };
  }
  const loaded: LoadedConfig = { ...parseConfig(text, path), path };
  const lexiconFile = loaded.config.speech.lexiconFile;
  if (lexiconFile !== undefined && loaded.source) readLexiconFile(loaded, lexiconFile);
  return loaded;
}

/**
 * Reads the lexicon file podc.json names into the configuration's lexicon, under podc.json's own entries (which win
 * for a word both hold), so that everything reading the lexicon reads one. What is wrong with the file is a diagnostic:
 * one that stops it being read at the setting in podc.json, one of an entry at that entry in the file.
 */
function readLexiconFile(loaded: LoadedConfig, name: string): void {
  const file = lexiconFilePath(loaded.path!, name);
  const value = findNodeAtLocation(parseTree(loaded.source!.text)!, ["speech", "lexiconFile"]);
  const setting = value ? loaded.source!.span(value.offset, value.offset + value.length) : loaded.source!.span(0, 0);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : ((error as NodeJS.ErrnoException).code ?? "unreadable");
    const problem = `the lexicon file ${name} cannot be read (${reason})`;
    loaded.diagnostics.push(
      diagnostic("POD0701", setting, { where: "speech.lexiconFile", problem }, { file: loaded.path, help: "the path is relative to podc.json" }),
    );
    return;
  }
  const source = new SourceText(text);
  loaded.lexicon = { path: file, source };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const entries = errors.length === 0 && tree ? LexiconFileSchema.safeParse(JSON.parse(text)) : undefined;
  if (!entries?.success) {
    const first = errors[0];
    if (first) {
      const at = source.span(first.offset, first.offset + first.length);
      loaded.diagnostics.push(diagnostic("POD0702", at, { file: name, problem: describe(printParseErrorCode(first.error)) }, { file }));
    } else {
      // Valid JSON of the wrong shape: at the first value that is no respelling, else the whole.
      const path = (entries?.error.issues[0]?.path ?? []).filter((p): p is string => typeof p === "string");
      const node = (path.length > 0 ? findNodeAtLocation(tree!, path) : undefined) ?? tree!;
      const problem = 'each entry is a word and its respelling, {"Nguyen": "Win"}';
      loaded.diagnostics.push(diagnostic("POD0701", source.span(node.offset, node.offset + node.length), { where: name, problem }, { file }));
    }
    return;
  }
  for (const d of lexiconProblems(entries.data, tree!, source, file, [])) loaded.diagnostics.push(d);
  loaded.config.speech.lexicon = { ...entries.data, ...loaded.config.speech.lexicon };
}

/** Parses and validates configuration text; every problem is a diagnostic pointing into it. */
export function parseConfig(text: string, file: string): LoadedConfig {
  const source = new SourceText(text);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    const at = first?.offset ?? 0;
    return {
      config: defaultConfig(),
      source,
      diagnostics: [
        diagnostic(
          "POD0702",
          source.span(at, at + (first?.length ?? 0)),
          { file: CONFIG_FILE, problem: first ? describe(printParseErrorCode(first.error)) : "empty file" },
          {
            file,
          },
        ),
      ],
    };
  }
  const parsed = ConfigSchema.safeParse(JSON.parse(text));
  if (parsed.success) return { config: parsed.data, source, diagnostics: meaning(parsed.data, tree, source, file) };
  const diagnostics = parsed.error.issues.map((issue) => {
    // Point at the offending value; for an unknown key, at that key; else at the nearest enclosing value.
    let path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    let node = keys.length > 0 ? findNodeAtLocation(tree, [...path, keys[0]!])?.parent?.children?.[0] : undefined;
    while (!node && path.length >= 0) {
      node = findNodeAtLocation(tree, path);
      if (path.length === 0) break;
      path = path.slice(0, -1);
    }
    node ??= tree;
    const span = source.span(node.offset, node.offset + node.length);
    if (keys.length > 0) {
      const prefix = issue.path.length > 0 ? `${issue.path.join(".")}.` : "";
      const near = nearest(keys[0]!, knownKeys(issue.path));
      return diagnostic(
        "POD0701",
        span,
        { unknown: `${prefix}${keys[0]}` },
        {
          file,
          help: near ? `did you mean ${prefix}${near}?` : "see schema/podc.schema.json for every setting and its default",
        },
      );
    }
    const where = issue.path.length > 0 ? issue.path.join(".") : "the configuration";
    return diagnostic(
      "POD0701",
      span,
      { where, problem: issue.message },
      {
        file,
        help: "see schema/podc.schema.json for every setting and its default",
      },
    );
  });
  return { config: defaultConfig(), source, diagnostics };
}

/** What a lexicon file holds: words and their respellings, as `speech.lexicon` does. */
const LexiconFileSchema = z.record(z.string().min(1), z.string().min(1));

/** What the schema cannot say: the shared cast uses known voices and no reserved label. */
function meaning(config: Config, tree: JsonNode, source: SourceText, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const voices = new Set(config.voices);
  for (const [label, voice] of Object.entries(config.cast)) {
    const value = findNodeAtLocation(tree, ["cast", label]);
    const at = value ? source.span(value.offset, value.offset + value.length) : source.span(0, 0);
    if (RESERVED_LABELS.has(label)) {
      const key = value?.parent?.children?.[0];
      diagnostics.push(
        diagnostic(
          "POD0203",
          key ? source.span(key.offset, key.offset + key.length) : at,
          { label },
          {
            file,
          },
        ),
      );
    }
    if (!voices.has(voice)) {
      const near = nearest(voice, voices);
      diagnostics.push(
        diagnostic(
          "POD0202",
          at,
          { voice, label },
          {
            file,
            help: near ? `a known voice has a similar name: ${near}` : `known voices: ${config.voices.join(", ")} (see "voices")`,
          },
        ),
      );
    }
  }
  diagnostics.push(...lexiconProblems(config.speech.lexicon ?? {}, tree, source, file, ["speech", "lexicon"]));
  if (config.models && !config.models.includes(config.model)) {
    const value = findNodeAtLocation(tree, ["model"]);
    diagnostics.push(
      diagnostic(
        "POD0306",
        value ? source.span(value.offset, value.offset + value.length) : source.span(0, 0),
        { model: config.model, default: true },
        {
          file,
          help: `add it to "models", or choose one of: ${config.models.join(", ")}`,
        },
      ),
    );
  }
  return diagnostics;
}

/**
 * Lexicon entries that cannot do what their writer meant: one whose respelling is its word (in any case) changes
 * nothing; one whose respelling holds a word of the lexicon (its own included) reads like a chain or a loop, but
 * respellings are never respelled again. Both are located at the entry's respelling, under `at` in the JSON.
 */
function lexiconProblems(lexicon: Readonly<Record<string, string>>, tree: JsonNode, source: SourceText, file: string, at: string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const all = makeLexicon(lexicon);
  for (const [word, said] of Object.entries(lexicon)) {
    const value = findNodeAtLocation(tree, [...at, word]);
    const where = value ? source.span(value.offset, value.offset + value.length) : source.span(0, 0);
    if (said.trim().toLowerCase() === word.trim().toLowerCase()) {
      diagnostics.push(diagnostic("POD0904", where, { word }, { file, help: "write how the voice should say it, or remove the entry" }));
      continue;
    }
    const other = all.pattern === undefined ? undefined : new RegExp(all.pattern.source, "iu").exec(said)?.[0];
    if (other !== undefined) {
      const help = `the respelling is sent as written here, not respelled again by the entry for "${other}": write it as the voice should say it`;
      diagnostics.push(diagnostic("POD0905", where, { word, other }, { file, help }));
    }
  }
  return diagnostics;
}

/** The keys the schema allows at a path, for suggestions. */
function knownKeys(path: PropertyKey[]): string[] {
  const section = path[0] === "limits" ? LimitsSchema : path[0] === "service" ? ServiceSettingsSchema : ConfigSchema;
  return Object.keys(section.shape);
}

function describe(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
