import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { SourceText } from "../source/source-text.js";
import { ConfigSchema, defaultConfig, type Config } from "./schema.js";

export const CONFIG_FILE = "podc.json";

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the podc.json used, if any. */
  path?: string;
  /** Its text, for rendering diagnostics that point into it. */
  source?: SourceText;
  diagnostics: Diagnostic[];
}

/** The nearest podc.json in `dir` or above it, if any. */
export function findConfig(dir: string): string | undefined {
  let current = resolve(dir);
  for (;;) {
    const candidate = join(current, CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
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
      diagnostics: [diagnostic("POD0702", source.span(0, 0), `cannot read the configuration (${reason})`, { file: path })],
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
        diagnostic("POD0702", source.span(at, at + (first?.length ?? 0)), `${CONFIG_FILE} is not valid JSON: ${first ? describe(printParseErrorCode(first.error)) : "empty file"}`, {
          file,
        }),
      ],
    };
  }
  const parsed = ConfigSchema.safeParse(JSON.parse(text));
  if (parsed.success) return { config: parsed.data, source, diagnostics: [] };
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
    const where = issue.path.length > 0 ? issue.path.join(".") : "the configuration";
    return diagnostic("POD0701", source.span(node.offset, node.offset + node.length), `${where}: ${issue.message}`, {
      file,
      help: "see schema/podc.schema.json for every setting and its default",
    });
  });
  return { config: defaultConfig(), source, diagnostics };
}

function describe(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
