import { array, int, minimum, nullable, object, optional, safeParse, string, union, type ZodMiniType } from "zod/mini";

// The shapes of the parameters the server reads, checked before any handler sees a message. An editor (or anything
// that writes to the server's standard input) may send a `didOpen` whose text is a number or a position of -1; the
// handlers are written for the protocol's shapes, so a message that does not have them is answered with InvalidParams
// (a request) or dropped with a log line (a notification) — never passed on to fail somewhere deep inside.
// Only what the handlers read is checked; every other field is left to the protocol library.
//
// zod's small build (zod/mini), whose parts a bundle takes one by one: every message passes through these checks from
// the first one on, and the whole of zod cost the server's start more than all of its other set-up. It carries no
// wording of its own, so the message is written here from the issue.

const uinteger = int().check(minimum(0));
const uri = string();
const position = object({ line: uinteger, character: uinteger });
const range = object({ start: position, end: position });
const textDocument = { textDocument: object({ uri }) };
const atPosition = { ...textDocument, position };
const inRange = { ...textDocument, range };

const PARAMS: Record<string, ZodMiniType> = {
  initialize: object({
    processId: optional(nullable(int())),
    rootUri: optional(nullable(uri)),
    workspaceFolders: optional(nullable(array(object({ uri })))),
    capabilities: object({}),
  }),
  "textDocument/didOpen": object({ textDocument: object({ uri, languageId: string(), version: int(), text: string() }) }),
  "textDocument/didChange": object({
    textDocument: object({ uri, version: int() }),
    contentChanges: array(union([object({ range, rangeLength: optional(uinteger), text: string() }), object({ text: string() })])),
  }),
  "textDocument/didClose": object(textDocument),
  "textDocument/didSave": object(textDocument),
  "workspace/didChangeWatchedFiles": object({ changes: array(object({ uri, type: int() })) }),
  "textDocument/completion": object(atPosition),
  "textDocument/hover": object(atPosition),
  "textDocument/definition": object(atPosition),
  "textDocument/references": object(atPosition),
  "textDocument/documentHighlight": object(atPosition),
  "textDocument/prepareRename": object(atPosition),
  "textDocument/rename": object({ ...atPosition, newName: string() }),
  "textDocument/documentSymbol": object(textDocument),
  "textDocument/foldingRange": object(textDocument),
  "textDocument/formatting": object(textDocument),
  "textDocument/codeLens": object(textDocument),
  "textDocument/semanticTokens/full": object(textDocument),
  "textDocument/semanticTokens/range": object(inRange),
  "textDocument/inlayHint": object(inRange),
  "textDocument/diagnostic": object(textDocument),
  "textDocument/codeAction": object({
    ...inRange,
    context: object({ diagnostics: array(object({ range, code: optional(union([string(), int()])) })), only: optional(array(string())) }),
  }),
  "workspace/symbol": object({ query: string() }),
  "workspace/diagnostic": object({ previousResultIds: array(object({ uri, value: string() })) }),
};

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  minimum?: number | bigint;
  errors?: Issue[][];
}

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** The value at `path` inside `params`. */
function at(params: unknown, path: PropertyKey[]): unknown {
  let value = params;
  for (const key of path) value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** What is wrong, in words: a union that fits none of its shapes is told by its first shape's problem. */
function describe(issue: Issue, params: unknown): { path: PropertyKey[]; message: string } {
  const first = issue.code === "invalid_union" ? issue.errors?.[0]?.[0] : undefined;
  if (first) return describe({ ...first, path: [...issue.path, ...first.path] }, params);
  if (issue.code === "too_small") return { path: issue.path, message: `too small: expected a number >= ${String(issue.minimum)}` };
  const expected = issue.expected === "int" || issue.expected === "number" ? "integer" : (issue.expected ?? "another value");
  return { path: issue.path, message: `expected ${expected}, received ${kindOf(at(params, issue.path))}` };
}

/** Why the parameters of `method` are not what the server reads, or undefined when they are (or the method is not one it checks). */
export function invalidParams(method: string, params: unknown): string | undefined {
  const schema = Object.hasOwn(PARAMS, method) ? PARAMS[method] : undefined;
  if (!schema) return undefined;
  const result = safeParse(schema, params);
  if (result.success) return undefined;
  const problem = describe(result.error.issues[0] as Issue, params);
  const where = problem.path.length > 0 ? problem.path.map(String).join(".") : "params";
  return `invalid parameters for ${method}: ${where}: ${problem.message}`;
}
