import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CodeLens,
  CompletionItem,
  DocumentDiagnosticReport,
  DocumentHighlight,
  InlayHint,
  Location,
  SemanticTokens,
  SymbolInformation,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { TABLE_READ_REQUEST } from "../../src/lsp/code-lens.js";
import { SEMANTIC_TOKENS_LEGEND } from "../../src/lsp/semantic-tokens.js";
import { startClient, type TestClient } from "./client.js";

// The features that look across the workspace (references, workspace symbols, pulled diagnostics of scripts nobody
// opened), completion's edits, and what the server adds beside the text: hints, colouring and lenses.

const EPISODE = [
  "Title: The Night Shift", //  0
  "Cast:", //                   1
  "    HOST: Ethan", //         2
  "    @McKenzie: Victoria", // 3
  "", //                        4
  "# Cold open", //             5
  "", //                        6
  "HOST: Welcome back (softly) to the show.", // 7
  "@McKenzie: (laughing) Thanks for having me.", // 8
  "", //                        9
  "! Sound: a door closes.", // 10
  "SONG: Anthem", //            11
  "Style: synthwave", //        12
  "[Verse]", //                 13
  "Neon [[tune?]] lights", //   14
  "END SONG", //                15
  "", //                        16
  "# Interview", //             17
  "", //                        18
  ...Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? `HOST: Question ${i}?` : `@McKenzie: Answer ${i}.`)), // 19–30
  "",
].join("\n");

const SCREENPLAY = "Title: Pilot\n\nINT. KITCHEN - NIGHT\n\nANNA\nWho's there?\n\nBEN\nOnly me.\n";

let client: TestClient;
let dir: string;
let uri: string;
let otherUri: string;
let closedUri: string;
let screenplayUri: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-"));
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ cast: { NARRATOR: "Jake" } }));
  mkdirSync(join(dir, "season-2"));
  // A script nobody opens: references, symbols and pulled diagnostics still find it.
  writeFileSync(join(dir, "season-2", "closed.pod"), "Cast:\n    HOST: Luna\n\n# Finale\n\nHOST: Goodbye.\nNARRATOR: The end.\nZED: Who?\n");
  // A screenplay as it came, with no Cast: the workspace's features read it too.
  writeFileSync(join(dir, "season-2", "pilot.fountain"), SCREENPLAY);
  screenplayUri = pathToFileURL(join(dir, "season-2", "pilot.fountain")).href;
  uri = pathToFileURL(join(dir, "episode.pod")).href;
  otherUri = pathToFileURL(join(dir, "other.pod")).href;
  closedUri = pathToFileURL(join(dir, "season-2", "closed.pod")).href;
  client = await startClient(pathToFileURL(dir).href, { initializationOptions: { clientCommands: ["podc.tableRead"] } });
  expect((await client.open(uri, EPISODE)).diagnostics).toEqual([]);
  await client.open(otherUri, "HOST: Hello from another episode.\nNARRATOR: Indeed.\n");
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

const at = (line: number, character: number, u = uri) => ({ textDocument: { uri: u }, position: { line, character } });

describe("completion edits", () => {
  const edited = async (text: string, line: number, character: number, label: string) => {
    const u = pathToFileURL(join(dir, `typing-${Math.random()}.pod`)).href;
    await client.open(u, text);
    const items = await client.request<CompletionItem[]>("textDocument/completion", at(line, character, u));
    const item = items.find((i) => i.label === label);
    expect(item, `${label} among ${items.map((i) => i.label).join(", ")}`).toBeDefined();
    const edit = item!.textEdit as { range: { start: { character: number } }; newText: string };
    return { line: TextDocument.applyEdits(client.document(u), [edit as never]).split("\n")[line], edit, item: item! };
  };
  const head = "Cast:\n    HOST: Ethan\n    @McKenzie: Victoria\n\n";

  it("completes after @ without doubling it, and from any part of the name", async () => {
    const { line, edit } = await edited(head + "@\n", 4, 1, "McKenzie");
    expect(line).toBe("@McKenzie: ");
    expect(edit.range.start.character).toBe(1); // behind the @: omni-completion inserts at the same place
    expect((await edited(head + "@Mc\n", 4, 3, "McKenzie")).line).toBe("@McKenzie: ");
    expect((await edited(head + "Mc\n", 4, 2, "McKenzie")).line).toBe("@McKenzie: ");
  });

  it("completes after [ and 【 without doubling the bracket", async () => {
    const song = head + "SONG: T\nStyle: pop\n";
    expect((await edited(song + "[\nEND SONG\n", 6, 1, "[Chorus]")).line).toBe("[Chorus]");
    expect((await edited(song + "[ch\nEND SONG\n", 6, 3, "[Chorus]")).line).toBe("[Chorus]");
    expect((await edited(song + "[ch]\nEND SONG\n", 6, 3, "[Chorus]")).line).toBe("[Chorus]");
    expect((await edited(song + "【\nEND SONG\n", 6, 1, "[Verse]")).line).toBe("【Verse】");
    expect((await edited(song + "\nEND SONG\n", 6, 0, "[Bridge]")).line).toBe("[Bridge]");
  });
});

describe("references and highlights", () => {
  it("finds a speaker in every script of the workspace, open or not, with its Cast entries", async () => {
    const locations = await client.request<Location[]>("textDocument/references", { ...at(7, 1), context: { includeDeclaration: true } });
    const where = locations.map((l) => `${l.uri.slice(l.uri.lastIndexOf("/") + 1)}:${l.range.start.line}`).filter((w) => !w.startsWith("typing-"));
    expect(where).toEqual([
      "episode.pod:2",
      "episode.pod:7",
      ...[19, 21, 23, 25, 27, 29].map((l) => `episode.pod:${l}`),
      "other.pod:0",
      "closed.pod:1",
      "closed.pod:5",
    ]);
    const speeches = await client.request<Location[]>("textDocument/references", { ...at(2, 5), context: { includeDeclaration: false } });
    expect(speeches.every((l) => !(l.uri === uri && l.range.start.line === 2))).toBe(true);
  });

  it("goes to podc.json for a speaker cast there", async () => {
    const locations = await client.request<Location[]>("textDocument/references", { ...at(1, 2, otherUri), context: { includeDeclaration: true } });
    expect(locations.map((l) => l.uri.slice(l.uri.lastIndexOf("/") + 1))).toEqual(["other.pod", "closed.pod", "podc.json"]);
  });

  it("highlights a speaker in this script: the Cast entry written, the speeches read", async () => {
    const highlights = await client.request<DocumentHighlight[]>("textDocument/documentHighlight", at(8, 3));
    expect(highlights[0]).toEqual({ range: { start: { line: 3, character: 5 }, end: { line: 3, character: 13 } }, kind: 3 });
    expect(highlights.slice(1).map((h) => [h.range.start.line, h.kind])).toEqual([8, 20, 22, 24, 26, 28, 30].map((l) => [l, 2]));
    expect(await client.request("textDocument/documentHighlight", at(7, 20))).toEqual([]);
  });
});

describe("workspace symbols", () => {
  it("lists sections, songs and speakers of every script, matched by letters in order", async () => {
    const all = await client.request<SymbolInformation[]>("workspace/symbol", { query: "" });
    expect(all.map((s) => `${s.containerName}:${s.name}`)).toEqual(
      expect.arrayContaining([
        "episode.pod:Cold open",
        "episode.pod:Anthem",
        "episode.pod:McKenzie",
        "closed.pod:Finale",
        "closed.pod:HOST",
        "pilot.fountain:INT. KITCHEN - NIGHT",
      ]),
    );
    const some = await client.request<SymbolInformation[]>("workspace/symbol", { query: "cld opn" });
    expect(some.map((s) => s.name)).toEqual(["Cold open"]);
  });
});

describe("pulled diagnostics", () => {
  it("checks a script nobody opened", async () => {
    const report = await client.request<DocumentDiagnosticReport>("textDocument/diagnostic", { textDocument: { uri: closedUri } });
    expect(report.kind).toBe("full");
    expect((report as { items: { code: string; range: { start: { line: number } } }[] }).items.map((d) => [d.code, d.range.start.line])).toEqual([
      ["POD0201", 7],
    ]);
  });

  it("checks a screenplay nobody opened: one error for its missing Cast, at the title page", async () => {
    const report = await client.request<DocumentDiagnosticReport>("textDocument/diagnostic", { textDocument: { uri: screenplayUri } });
    expect((report as { items: { code: string; range: { start: { line: number } } }[] }).items.map((d) => [d.code, d.range.start.line])).toEqual([
      ["POD0205", 0],
    ]);
  });
});

describe("inlay hints", () => {
  it("shows voices, what each section and song costs, and where a request begins inside a section", async () => {
    const hints = await client.request<InlayHint[]>("textDocument/inlayHint", {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } },
    });
    const shown = hints.map((h) => `${h.position.line}:${h.position.character} ${String(h.label)}`);
    expect(shown).toContain("7:4 Ethan");
    expect(shown).toContain("8:9 Victoria");
    expect(shown).toContain("11:12 2 takes billed");
    expect(shown.find((s) => s.startsWith("5:11 "))).toMatch(/^5:11 ≈ 0:0\d spoken · 3 billed \(1 request, 1 song, 2 takes\)$/);
    expect(shown.find((s) => s.startsWith("17:11 "))).toMatch(/ · 3 billed \(3 requests\)$/);
    // The interview's turns are cut where their content says (docs/run.md), so an edit moves only its own request.
    expect(shown).toContain("20:0 new request (8 turns) ▸");
    expect(shown).toContain("28:0 new request (3 turns) ▸");
  });

  it("gives no figures for a scene that sends nothing, such as an uncast screenplay's", async () => {
    await client.open(screenplayUri, SCREENPLAY);
    const hints = await client.request<InlayHint[]>("textDocument/inlayHint", {
      textDocument: { uri: screenplayUri },
      range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } },
    });
    expect(hints).toEqual([]);
  });
});

describe("semantic tokens", () => {
  const decode = (data: number[]) => {
    const tokens: { line: number; start: number; length: number; type: string }[] = [];
    let line = 0;
    let start = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i]!;
      start = data[i]! === 0 ? start + data[i + 1]! : data[i + 1]!;
      tokens.push({ line, start, length: data[i + 2]!, type: SEMANTIC_TOKENS_LEGEND.tokenTypes[data[i + 3]!]! });
    }
    return tokens;
  };

  it("colours what the parser reads, and leaves the spoken words plain", async () => {
    const { data } = await client.request<SemanticTokens>("textDocument/semanticTokens/full", { textDocument: { uri } });
    const lines = EPISODE.split("\n");
    const tokens = decode(data).map((t) => `${t.type} ${lines[t.line]!.slice(t.start, t.start + t.length)}`);
    expect(tokens.slice(0, 8)).toEqual([
      "property Title",
      "string The Night Shift",
      "property Cast",
      "class HOST",
      "enumMember Ethan",
      "class McKenzie",
      "enumMember Victoria",
      "namespace # Cold open",
    ]);
    expect(tokens).toContain("parameter (laughing)");
    expect(tokens).not.toContain("parameter (softly)"); // only a parenthetical that opens the speech is one
    expect(tokens).toContain("macro ! Sound: a door closes.");
    expect(tokens).toEqual(
      expect.arrayContaining(["keyword SONG", "event Anthem", "property Style", "string synthwave", "decorator [Verse]", "keyword END SONG"]),
    );
    expect(tokens).toEqual(expect.arrayContaining(["string Neon ", "comment [[tune?]]", "string  lights"])); // the note inside the lyric
    expect(tokens.some((t) => t.includes("Welcome"))).toBe(false);
  });

  it("answers for a range of lines", async () => {
    const { data } = await client.request<SemanticTokens>("textDocument/semanticTokens/range", {
      textDocument: { uri },
      range: { start: { line: 11, character: 0 }, end: { line: 12, character: 0 } },
    });
    expect(decode(data).map((t) => `${t.line}:${t.type}`)).toEqual(["11:keyword", "11:event", "12:property", "12:string"]);
  });
});

describe("code lenses", () => {
  it("offers a table read above each section and song to a client that runs the command", async () => {
    const lenses = await client.request<CodeLens[]>("textDocument/codeLens", { textDocument: { uri } });
    expect(lenses.map((l) => [l.range.start.line, l.command?.command])).toEqual([
      [5, "podc.tableRead"],
      [11, "podc.tableRead"],
      [17, "podc.tableRead"],
    ]);
    // Which lines make the part's script, not their text: a long script's reply stays small.
    expect(lenses[1]!.command!.arguments![0]).toEqual({
      uri,
      part: "song Anthem",
      titlePage: { start: 0, end: 3 },
      lines: { start: 11, end: 15 },
      config: join(dir, "podc.json"),
      index: 0,
      version: 1,
    });
  });

  it("says where a lens's part is now when it is clicked after an edit moved it", async () => {
    const twice = EPISODE.replace("# Interview", "# Cold open");
    const moved = "untitled:moved.pod";
    await client.open(moved, twice);
    const lenses = await client.request<CodeLens[]>("textDocument/codeLens", { textDocument: { uri: moved } });
    const clicked = lenses[2]!.command!.arguments![0] as { part: string; index: number; lines: { start: number } };
    expect(clicked).toMatchObject({ part: "section Cold open", index: 1, lines: { start: 17 } });
    // Two lines written above the second "Cold open" after the lens was shown, and one inside it.
    await client.change(moved, [
      { range: { start: { line: 16, character: 0 }, end: { line: 16, character: 0 } }, text: "HOST: One more.\nHOST: And another.\n" },
    ]);
    await client.change(moved, [{ range: { start: { line: 21, character: 0 }, end: { line: 21, character: 0 } }, text: "HOST: Inside.\n" }]);
    const now = await client.request<{ lines: { start: number; end: number }; version: number } | null>(TABLE_READ_REQUEST, clicked);
    expect(now).toMatchObject({ part: "section Cold open", index: 1, version: 3, lines: { start: 19, end: 33 } });
    const text = client.document(moved).getText({ start: { line: now!.lines.start, character: 0 }, end: { line: now!.lines.end + 1, character: 0 } });
    expect(text.split("\n")[0]).toBe("# Cold open");
    expect(text).toContain("HOST: Inside.\nHOST: Question 0?");
    expect(text.trimEnd().split("\n").at(-1)).toBe("@McKenzie: Answer 11.");
    // A part the script no longer has: nothing to read.
    await client.change(moved, [{ text: EPISODE }]);
    expect(await client.request(TABLE_READ_REQUEST, clicked)).toBeNull();
  });
});
