import { z } from "zod";

// The shapes of the parameters the server reads, checked before any handler sees a message. An editor (or anything
// that writes to the server's standard input) may send a `didOpen` whose text is a number or a position of -1; the
// handlers are written for the protocol's shapes, so a message that does not have them is answered with InvalidParams
// (a request) or dropped with a log line (a notification) — never passed on to fail somewhere deep inside.
// Only what the handlers read is checked; every other field is left to the protocol library.

const uinteger = z.number().int().min(0);
const integer = z.number().int();
const uri = z.string();
const position = z.object({ line: uinteger, character: uinteger });
const range = z.object({ start: position, end: position });
const textDocument = z.object({ textDocument: z.object({ uri }) });
const atPosition = textDocument.extend({ position });
const inRange = textDocument.extend({ range });

const PARAMS: Record<string, z.ZodType> = {
  initialize: z.object({
    processId: integer.nullable().optional(),
    rootUri: uri.nullable().optional(),
    workspaceFolders: z.array(z.object({ uri })).nullable().optional(),
    capabilities: z.object({}),
  }),
  "textDocument/didOpen": z.object({ textDocument: z.object({ uri, languageId: z.string(), version: integer, text: z.string() }) }),
  "textDocument/didChange": z.object({
    textDocument: z.object({ uri, version: integer }),
    contentChanges: z.array(z.union([z.object({ range, rangeLength: uinteger.optional(), text: z.string() }), z.object({ text: z.string() })])),
  }),
  "textDocument/didClose": textDocument,
  "textDocument/didSave": textDocument,
  "workspace/didChangeWatchedFiles": z.object({ changes: z.array(z.object({ uri, type: integer })) }),
  "textDocument/completion": atPosition,
  "textDocument/hover": atPosition,
  "textDocument/definition": atPosition,
  "textDocument/references": atPosition,
  "textDocument/documentHighlight": atPosition,
  "textDocument/prepareRename": atPosition,
  "textDocument/rename": atPosition.extend({ newName: z.string() }),
  "textDocument/documentSymbol": textDocument,
  "textDocument/foldingRange": textDocument,
  "textDocument/formatting": textDocument,
  "textDocument/codeLens": textDocument,
  "textDocument/semanticTokens/full": textDocument,
  "textDocument/semanticTokens/range": inRange,
  "textDocument/inlayHint": inRange,
  "textDocument/diagnostic": textDocument,
  "textDocument/codeAction": inRange.extend({
    context: z.object({ diagnostics: z.array(z.object({ range, code: z.union([z.string(), integer]).optional() })), only: z.array(z.string()).optional() }),
  }),
  "workspace/symbol": z.object({ query: z.string() }),
  "workspace/diagnostic": z.object({ previousResultIds: z.array(z.object({ uri, value: z.string() })) }),
};

/** Why the parameters of `method` are not what the server reads, or undefined when they are (or the method is not one it checks). */
export function invalidParams(method: string, params: unknown): string | undefined {
  const schema = PARAMS[method];
  if (!schema) return undefined;
  const result = schema.safeParse(params);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join(".") : "params";
  return `invalid parameters for ${method}: ${where}: ${issue.message}`;
}
