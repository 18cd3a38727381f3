import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodeAction, Hover, Location, MarkupContent } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { CAPABILITIES, startClient, type TestClient } from "./client.js";

// What a client asks for, answered as it asks: hovers in plain text for editors that show Markdown raw (Vim, Emacs),
// "Fix all" for editors that run it on save, and requests missing a field the protocol requires answered, not
// failed.

const URI = "untitled:preferences.pod";
const TEXT = ["Title: T", "Cast:", "    HOST: Ethan", "", "HOST: Hello [[a note", "HOSTT: Hi.", "DJ: Hey.", ""].join("\n");

let client: TestClient;

beforeAll(async () => {
  client = await startClient(null, {
    capabilities: { ...CAPABILITIES, textDocument: { ...CAPABILITIES.textDocument, hover: { contentFormat: ["plaintext", "markdown"] } } },
  });
  await client.open(URI, TEXT);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

describe("a client that prefers plain text", () => {
  it("gets hovers without Markdown", async () => {
    const hover = await client.request<Hover>("textDocument/hover", { textDocument: { uri: URI }, position: { line: 4, character: 1 } });
    expect(hover.contents as MarkupContent).toEqual({
      kind: "plaintext",
      value: "HOST speaks with the voice Ethan.\n\nCast in this script's title page, line 3.",
    });
  });
});

describe("fix all", () => {
  it("makes every fix that is the only one of its problem, and leaves choices to the writer", async () => {
    const params = { textDocument: { uri: URI }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } };
    const [all, ...rest] = await client.request<CodeAction[]>("textDocument/codeAction", { ...params, context: { diagnostics: [], only: ["source.fixAll"] } });
    expect(rest).toEqual([]);
    expect(all!.kind).toBe("source.fixAll");
    const edits = all!.edit!.changes![URI]!;
    const fixed = TextDocument.applyEdits(TextDocument.create(URI, "podscript", 1, TEXT), edits);
    // The note is closed; HOSTT (a near name, or a new speaker?) and DJ (which voice?) are the writer's to decide…
    expect(fixed).toBe(TEXT.replace("[[a note", "[[a note]]"));
    // …and a quick-fix request never carries it.
    const quick = await client.request<CodeAction[]>("textDocument/codeAction", {
      ...params,
      range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } },
    });
    expect(quick.map((a) => a.kind)).not.toContain("source.fixAll");
  });
});

describe("requests without an optional-looking field", () => {
  it("answers references without a context, declarations included", async () => {
    const found = await client.request<Location[]>("textDocument/references", { textDocument: { uri: URI }, position: { line: 4, character: 1 } });
    expect(found.map((l) => l.range.start.line)).toEqual([2, 4]);
  });
});
