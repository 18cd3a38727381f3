import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionItem, DocumentSymbol, FoldingRange, Hover, Location, MarkupContent, Range, TextEdit, WorkspaceEdit } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { formatText } from "../../src/format/format.js";
import { startClient, type TestClient } from "./client.js";

const SCRIPT = [
  "Title: The Night Shift", //  0
  "Cast:", //                   1
  "    HOST: Ethan", //         2
  "    GUEST: Victoria", //     3
  "Model: auto", //             4
  "", //                        5
  "# Cold open", //             6
  "", //                        7
  "HOST: Welcome back to The Night Shift.", // 8
  "GUEST: (laughing) Thanks for having me.", // 9
  "", //                        10
  "[[check the pronunciation", // 11
  "of Reykjavik]]", //          12
  "", //                        13
  "SONG: Night Shift Anthem", // 14
  "Style: synthwave, 110 bpm", // 15
  "", //                        16
  "[Verse]", //                 17
  "Neon lights across the floor", // 18
  "", //                        19
  "[Chorus]", //                20
  "We're the night shift", //   21
  "END SONG", //                22
  "", //                        23
  "## Backstage", //            24
  "", //                        25
  "NARRATOR: Meanwhile, backstage.", // 26
  "", //                        27
  "# Interview", //             28
  "", //                        29
  "HOST: So, how did it start?", // 30
  "/* cut for time:", //        31
  "GUEST: It's a long story.", // 32
  "*/", //                      33
  "",
].join("\n");

let client: TestClient;
let dir: string;
let uri: string;
let configUri: string;
const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
const range = (line: number, start: number, end: number, endLine = line): Range => ({
  start: { line, character: start },
  end: { line: endLine, character: end },
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-"));
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ cast: { NARRATOR: "Jake" } }, null, 2));
  configUri = pathToFileURL(join(dir, "podc.json")).href;
  uri = pathToFileURL(join(dir, "night-shift.pod")).href;
  client = await startClient(pathToFileURL(dir).href);
  const { diagnostics } = await client.open(uri, SCRIPT);
  expect(diagnostics).toEqual([]);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

const complete = (line: number, character: number) => client.request<CompletionItem[]>("textDocument/completion", at(line, character));
const labels = (items: CompletionItem[]) => items.map((i) => i.label);

describe("completion", () => {
  it("offers the cast's speakers at the start of a body line", async () => {
    const items = await complete(27, 0);
    expect(labels(items)).toEqual(expect.arrayContaining(["HOST", "GUEST", "NARRATOR"]));
    const host = items.find((i) => i.label === "HOST")!;
    expect(host.detail).toBe("voice Ethan");
    expect(host.textEdit).toEqual({ range: range(27, 0, 0), newText: "HOST: " });
  });

  it("completes a label being typed without doubling its colon", async () => {
    const host = (await complete(8, 2)).find((i) => i.label === "HOST")!;
    expect(host.textEdit).toEqual({ range: range(8, 0, 4), newText: "HOST" });
  });

  it("offers voices after the colon of a Cast entry", async () => {
    const items = await complete(2, 10);
    expect(labels(items)).toEqual(["Ethan", "Victoria", "Jake", "Luna", "Emma"]);
    expect(items[1]!.textEdit).toEqual({ range: range(2, 10, 15), newText: "Victoria" });
  });

  it("offers title-page keys not given yet", async () => {
    const items = await complete(1, 0);
    expect(labels(items)).toContain("Cast");
    expect(labels(items)).toContain("Author");
    expect(labels(items)).not.toContain("Title");
    expect(labels(items)).not.toContain("Model");
  });

  it("offers section markers and the missing header inside a song", async () => {
    const afterHeaders = labels(await complete(16, 0));
    expect(afterHeaders).toEqual(expect.arrayContaining(["Model", "[Verse]", "[Chorus]", "[Pre-Chorus]", "[Outro]"]));
    expect(afterHeaders).not.toContain("Style");
    const inLyrics = await complete(19, 0);
    expect(labels(inLyrics)).toEqual(expect.arrayContaining(["[Bridge]", "END SONG"]));
    expect(labels(inLyrics)).not.toContain("Model");
    expect(labels(inLyrics)).not.toContain("HOST");
  });

  it("offers nothing inside a note or a boneyard", async () => {
    expect(await complete(12, 0)).toEqual([]);
    expect(await complete(32, 0)).toEqual([]);
  });
});

describe("hover", () => {
  const hover = async (line: number, character: number) =>
    ((await client.request<Hover | null>("textDocument/hover", at(line, character)))?.contents as MarkupContent | undefined)?.value;

  it("shows a speaker's voice and where it is cast", async () => {
    expect(await hover(8, 1)).toBe("**HOST** speaks with the voice **Ethan**.\n\nCast in this script's title page, line 3.");
    expect(await hover(26, 3)).toContain("**NARRATOR** speaks with the voice **Jake**.\n\nCast in podc.json");
  });

  it("summarises a song's request", async () => {
    const text = await hover(14, 8);
    expect(text).toContain("**SONG: Night Shift Anthem** — one song request");
    expect(text).toContain("- lyrics: 68 of 3000 characters");
    expect(text).toContain("- style prompt: 18 of 1024 characters");
    expect(text).toContain("- model: `auto`, from the title page's Model");
  });

  it("has nothing to say on plain dialogue", async () => {
    expect(await client.request("textDocument/hover", at(8, 20))).toBeNull();
  });
});

describe("document symbols", () => {
  it("nests sections by depth, songs in their section, markers in their song", async () => {
    const symbols = await client.request<DocumentSymbol[]>("textDocument/documentSymbol", { textDocument: { uri } });
    const outline = (s: DocumentSymbol): unknown => (s.children?.length ? { [s.name]: s.children.map(outline) } : s.name);
    expect(symbols.map(outline)).toEqual([{ "Cold open": [{ "Night Shift Anthem": ["[Verse]", "[Chorus]"] }, "Backstage"] }, "Interview"]);
    expect(symbols[0]!.range).toEqual(range(6, 0, 31, 26));
    expect(symbols[0]!.selectionRange).toEqual(range(6, 2, 11));
    expect(symbols[0]!.children![0]!.range).toEqual(range(14, 0, 8, 22));
  });
});

describe("folding", () => {
  it("folds the title page, sections, songs, notes and boneyards", async () => {
    const ranges = await client.request<FoldingRange[]>("textDocument/foldingRange", { textDocument: { uri } });
    const sorted = [...ranges].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
    expect(sorted).toEqual([
      { startLine: 0, endLine: 4, kind: "region" }, // title page
      { startLine: 6, endLine: 26, kind: "region" }, // # Cold open, with its ## Backstage
      { startLine: 11, endLine: 12, kind: "comment" }, // the note
      { startLine: 14, endLine: 21, kind: "region" }, // the song, END SONG left in sight
      { startLine: 24, endLine: 26, kind: "region" }, // ## Backstage
      { startLine: 28, endLine: 33, kind: "region" }, // # Interview, with its boneyard
      { startLine: 31, endLine: 33, kind: "comment" }, // the boneyard
    ]);
  });
});

describe("definition", () => {
  it("goes from a speaker to its Cast entry", async () => {
    expect(await client.request<Location>("textDocument/definition", at(9, 2))).toEqual({ uri, range: range(3, 4, 9) });
  });

  it("goes to podc.json for a speaker cast there", async () => {
    const location = await client.request<Location>("textDocument/definition", at(26, 0));
    expect(location.uri).toBe(configUri);
    expect(location.range).toEqual(range(2, 4, 14)); // "NARRATOR" in the pretty-printed podc.json
  });
});

describe("rename", () => {
  it("renames a speaker in every speech and in its Cast entry", async () => {
    expect(await client.request("textDocument/prepareRename", at(8, 1))).toEqual({ range: range(8, 0, 4), placeholder: "HOST" });
    const edit = await client.request<WorkspaceEdit>("textDocument/rename", { ...at(8, 1), newName: "ANCHOR" });
    const edits = edit.changes![uri]!;
    expect(edits.map((e) => e.range.start.line).sort((a, b) => a - b)).toEqual([2, 8, 30]);
    const renamed = TextDocument.applyEdits(client.document(uri), edits);
    expect(renamed).toContain("    ANCHOR: Ethan\n");
    expect(renamed).toContain("ANCHOR: So, how did it start?");
    expect(renamed).toContain("GUEST: It's a long story."); // inside the boneyard: not a speech
    expect(renamed).toContain("HOST: Welcome".replace("HOST", "ANCHOR"));
  });

  it("writes a name with lowercase letters as a forced label", async () => {
    const edit = await client.request<WorkspaceEdit>("textDocument/rename", { ...at(3, 6), newName: "McKenzie" });
    expect(new Set(edit.changes![uri]!.map((e: TextEdit) => e.newText))).toEqual(new Set(["@McKenzie"]));
  });

  it("refuses what would break the script", async () => {
    await expect(client.request("textDocument/rename", { ...at(8, 1), newName: "GUEST" })).rejects.toThrow(/already cast/);
    await expect(client.request("textDocument/rename", { ...at(8, 1), newName: "2 HOSTS" })).rejects.toThrow(/not a speaker label/);
    await expect(client.request("textDocument/prepareRename", at(26, 1))).rejects.toThrow(/podc\.json/);
  });
});

describe("formatting", () => {
  it("formats with podc fmt's formatter", async () => {
    const messy = "Title:   Messy\nCast:\n  HOST:Ethan\n\n\n\nHOST:   Hello.\n";
    const messyUri = pathToFileURL(join(dir, "messy.pod")).href;
    await client.open(messyUri, messy);
    const edits = await client.request<TextEdit[]>("textDocument/formatting", {
      textDocument: { uri: messyUri },
      options: { tabSize: 2, insertSpaces: true },
    });
    const formatted = TextDocument.applyEdits(client.document(messyUri), edits);
    expect(formatted).not.toBe(messy);
    expect(formatted).toBe(formatText(messy));
    await client.change(messyUri, [{ text: formatted }]);
    expect(await client.request("textDocument/formatting", { textDocument: { uri: messyUri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  });
});
