// The shapes of the parameters the server reads, checked before any handler sees a message. An editor (or anything
// that writes to the server's standard input) may send a `didOpen` whose text is a number or a position of -1; the
// handlers are written for the protocol's shapes, so a message that does not have them is answered with InvalidParams
// (a request) or dropped with a log line (a notification) — never passed on to fail somewhere deep inside.
// Only what the handlers read is checked; every other field is left to the protocol library.
//
// The checks are written out rather than declared with a schema library: every message passes through them from the
// first one on, and loading such a library cost the server's start more than all of its other set-up.

type Path = (string | number)[];
/** Why `value` (found at `path`) is not of the expected shape, or undefined when it is. */
type Check = (value: unknown, path: Path) => { path: Path; message: string } | undefined;

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
const fail = (path: Path, expected: string, value: unknown) => ({ path, message: `expected ${expected}, received ${kindOf(value)}` });

const string: Check = (value, path) => (typeof value === "string" ? undefined : fail(path, "string", value));
const integer: Check = (value, path) => (Number.isInteger(value) ? undefined : fail(path, "integer", value));
const uinteger: Check = (value, path) => integer(value, path) ?? ((value as number) < 0 ? { path, message: "too small: expected a number >= 0" } : undefined);

const optional =
  (check: Check): Check =>
  (value, path) =>
    value === undefined ? undefined : check(value, path);
const nullable =
  (check: Check): Check =>
  (value, path) =>
    value === null ? undefined : check(value, path);

function object(fields: Record<string, Check>): Check {
  const entries = Object.entries(fields);
  return (value, path) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail(path, "object", value);
    for (const [key, check] of entries) {
      const problem = check((value as Record<string, unknown>)[key], [...path, key]);
      if (problem) return problem;
    }
    return undefined;
  };
}

function array(item: Check): Check {
  return (value, path) => {
    if (!Array.isArray(value)) return fail(path, "array", value);
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i], [...path, i]);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** The first alternative's problem when none fits: the alternatives below differ in one field, the one to report. */
function union(...alternatives: Check[]): Check {
  return (value, path) => {
    let first: ReturnType<Check>;
    for (const check of alternatives) {
      const problem = check(value, path);
      if (!problem) return undefined;
      first ??= problem;
    }
    return first;
  };
}

const uri = string;
const position = { line: uinteger, character: uinteger };
const range = { start: object(position), end: object(position) };
const textDocument = { textDocument: object({ uri }) };
const atPosition = { ...textDocument, position: object(position) };
const inRange = { ...textDocument, range: object(range) };

const PARAMS: Record<string, Check> = {
  initialize: object({
    processId: optional(nullable(integer)),
    rootUri: optional(nullable(uri)),
    workspaceFolders: optional(nullable(array(object({ uri })))),
    capabilities: object({}),
  }),
  "textDocument/didOpen": object({ textDocument: object({ uri, languageId: string, version: integer, text: string }) }),
  "textDocument/didChange": object({
    textDocument: object({ uri, version: integer }),
    contentChanges: array(union(object({ range: object(range), rangeLength: optional(uinteger), text: string }), object({ text: string }))),
  }),
  "textDocument/didClose": object(textDocument),
  "textDocument/didSave": object(textDocument),
  "workspace/didChangeWatchedFiles": object({ changes: array(object({ uri, type: integer })) }),
  "textDocument/completion": object(atPosition),
  "textDocument/hover": object(atPosition),
  "textDocument/definition": object(atPosition),
  "textDocument/references": object(atPosition),
  "textDocument/documentHighlight": object(atPosition),
  "textDocument/prepareRename": object(atPosition),
  "textDocument/rename": object({ ...atPosition, newName: string }),
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
    context: object({
      diagnostics: array(object({ range: object(range), code: optional(union(string, integer)) })),
      only: optional(array(string)),
    }),
  }),
  "workspace/symbol": object({ query: string }),
  "workspace/diagnostic": object({ previousResultIds: array(object({ uri, value: string })) }),
};

/** Why the parameters of `method` are not what the server reads, or undefined when they are (or the method is not one it checks). */
export function invalidParams(method: string, params: unknown): string | undefined {
  const check = Object.hasOwn(PARAMS, method) ? PARAMS[method] : undefined;
  if (!check) return undefined;
  const problem = check(params, []);
  if (!problem) return undefined;
  const where = problem.path.length > 0 ? problem.path.join(".") : "params";
  return `invalid parameters for ${method}: ${where}: ${problem.message}`;
}
