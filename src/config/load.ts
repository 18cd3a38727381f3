import { readFileSync } from "node:fs";
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from "jsonc-parser";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { nearest } from "../diagnostics/suggest.js";
import { makeLexicon } from "../language/lexicon.js";
import { RESERVED_LABELS } from "../language/song-block.js";
import { SourceText } from "../source/source-text.js";
import { defaultConfig } from "./defaults.js";
import { CONFIG_FILE, findConfig } from "./find.js";
import { ConfigSchema, LimitsSchema, ServiceSettingsSchema, type Config } from "./schema.js";

export { CONFIG_FILE, findConfig } from "./find.js";

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the podc.json used, if any. */
  path?: string;
  /** Its text, for rendering diagnostics that point into it. */
  source?: SourceText;
  diagnostics: Diagnostic[];
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
  return { ...parseConfig(text, path), path };
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
  diagnostics.push(...lexiconProblems(config.speech.lexicon ?? {}, tree, source, file));
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
 * respellings are never respelled again. Both are located at the entry's respelling.
 */
function lexiconProblems(lexicon: Readonly<Record<string, string>>, tree: JsonNode, source: SourceText, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const all = makeLexicon(lexicon);
  for (const [word, said] of Object.entries(lexicon)) {
    const value = findNodeAtLocation(tree, ["speech", "lexicon", word]);
    const at = value ? source.span(value.offset, value.offset + value.length) : source.span(0, 0);
    if (said.trim().toLowerCase() === word.trim().toLowerCase()) {
      diagnostics.push(diagnostic("POD0904", at, { word }, { file, help: "write how the voice should say it, or remove the entry" }));
      continue;
    }
    const other = all.pattern === undefined ? undefined : new RegExp(all.pattern.source, "iu").exec(said)?.[0];
    if (other !== undefined) {
      const help = `the respelling is sent as written here, not respelled again by the entry for "${other}": write it as the voice should say it`;
      diagnostics.push(diagnostic("POD0905", at, { word, other }, { file, help }));
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
