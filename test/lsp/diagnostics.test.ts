import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodeAction, Diagnostic, Range } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { startClient, type TestClient } from "./client.js";

const BROKEN = [
  "Title: Broken",
  "Cast:",
  "    HOST: Ethan",
  "    GUEST: Victoria",
  "",
  "# Cold open",
  "",
  "HOSTT: Welcome back.",
  "",
  "Guest: Thanks for having me.",
  "",
  "SONG: Anthem",
  "Style: synthwave",
  "",
  "[Chrous]",
  "We are the night shift",
  "END SONG",
  "",
].join("\n");

const range = (line: number, start: number, end: number, endLine = line): Range => ({
  start: { line, character: start },
  end: { line: endLine, character: end },
});
const summary = (diagnostics: Diagnostic[]) => diagnostics.map((d) => ({ code: d.code, range: d.range }));

let client: TestClient;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-"));
  client = await startClient(pathToFileURL(dir).href);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

describe("diagnostics", () => {
  it("reports a broken script with podc check's codes and help, on the offending span only", async () => {
    const { diagnostics } = await client.open("untitled:broken.pod", BROKEN);
    expect(summary(diagnostics)).toEqual([
      { code: "POD0201", range: range(7, 0, 5) }, // HOSTT, not the whole line
      { code: "POD0111", range: range(9, 0, 5) }, // Guest
      { code: "POD0305", range: range(14, 0, 8) }, // [Chrous]
    ]);
    expect(diagnostics[0]).toMatchObject({
      severity: 1,
      source: "podc",
      message: "unknown speaker HOSTT\nhelp: a declared speaker has a similar name: HOST",
    });
    expect(diagnostics[2]!.severity).toBe(2);
  });

  it("offers each diagnostic's fix as a quick fix, and applying them clears the diagnostics", async () => {
    const uri = "untitled:broken.pod";
    const whole = range(0, 0, 0, 100);
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: whole,
      context: { diagnostics: [] },
    });
    expect(actions.map((a) => a.title)).toEqual([
      "Change to HOST",
      "Add HOSTT to the Cast with the voice Jake",
      "Write the label as GUEST",
      "Change to [Chorus]",
    ]);
    expect(actions.every((a) => a.kind === "quickfix" && a.diagnostics?.length === 1)).toBe(true);
    expect(actions.filter((a) => a.isPreferred).map((a) => a.title)).toEqual(["Change to HOST", "Write the label as GUEST", "Change to [Chorus]"]);
    // Only the actions of the diagnostics on the line asked for, wherever the cursor is on it — also past the end.
    for (const character of [2, 0, 40]) {
      const here = await client.request<CodeAction[]>("textDocument/codeAction", {
        textDocument: { uri },
        range: range(9, character, character),
        context: { diagnostics: [] },
      });
      expect(here.map((a) => a.title)).toEqual(["Write the label as GUEST"]);
    }
    // And those of the diagnostics the editor sends, wherever the range is.
    const sent = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: range(0, 0, 0),
      context: { diagnostics: [{ range: range(14, 0, 8), code: "POD0305", message: "unknown lyric section marker" }] },
    });
    expect(sent.map((a) => a.title)).toEqual(["Change to [Chorus]"]);

    const edits = actions.filter((a) => a.isPreferred).flatMap((a) => a.edit!.changes![uri]!);
    const fixed = TextDocument.applyEdits(client.document(uri), edits);
    expect(fixed).toContain("HOST: Welcome back.\n\nGUEST: Thanks");
    const { diagnostics } = await client.change(uri, [{ text: fixed }]);
    expect(diagnostics).toEqual([]);
  });

  it("offers the fix of every kind the issue names with the cursor past the end of its line", async () => {
    const lines = [
      "Title: T",
      "Cast:",
      "HOST: Ethan",
      "",
      "HOST: Hello.",
      "GUEST: Hi.",
      "",
      "The door opens slowly.",
      "",
      "SONG: Tune",
      "[Verse]",
      "la la",
      "END SONG",
      "",
      "END SONG",
      "",
      "HOST: Bye.",
      "/* cut:",
      "HOST: gone",
      "",
    ];
    const uri = "untitled:every-fix.pod";
    await client.open(uri, lines.join("\n"));
    const at = async (line: number) => {
      const end = lines[line]!.length + 10;
      const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
        textDocument: { uri },
        range: range(line, end, end),
        context: { diagnostics: [] },
      });
      return actions.map((a) => a.title);
    };
    expect(await at(2)).toEqual(["Indent the Cast entry"]);
    expect(await at(5)).toEqual(["Add GUEST to the Cast with the voice Victoria"]); // the first voice nobody speaks with
    expect(await at(7)).toEqual(["Write it as a direction (! …)"]);
    expect(await at(9)).toEqual(["Add a Style: line"]);
    expect(await at(14)).toEqual(["Remove this END SONG"]);
    expect(await at(17)).toEqual(["Close the boneyard at the end of the script"]);
    expect(await at(4)).toEqual([]);
  });

  it("re-checks on every ranged change", async () => {
    const uri = "untitled:broken.pod";
    const { diagnostics } = await client.change(uri, [{ range: range(7, 0, 4), text: "HOSR" }]);
    expect(summary(diagnostics)).toEqual([{ code: "POD0201", range: range(7, 0, 4) }]);
    expect((await client.change(uri, [{ range: range(7, 3, 4), text: "T" }])).diagnostics).toEqual([]);
  });

  it("maps positions to UTF-16 characters, across CRLF line ends and a byte-order mark", async () => {
    const text = "\uFEFFTitel: X\r\nCast:\r\n    HOST: Ethan\r\n\r\nHOST: 🎵🎵 la [[TODO tune]]\r\n";
    const { diagnostics } = await client.open("untitled:unicode.pod", text);
    expect(summary(diagnostics)).toEqual([
      { code: "POD0116", range: range(0, 1, 6) }, // after the BOM, which the editor's text still holds
      { code: "POD0604", range: range(4, 6, 10) }, // the emoji, which the voice may read aloud
      { code: "POD0501", range: range(4, 14, 27) }, // the two notes are two UTF-16 units each
    ]);
  });

  it("clears a closed document's diagnostics", async () => {
    const cleared = client.nextDiagnostics("untitled:unicode.pod");
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: "untitled:unicode.pod" } });
    expect((await cleared).diagnostics).toEqual([]);
  });

  it("checks open scripts again when podc.json changes, and shows what is wrong with it", async () => {
    const config = join(dir, "podc.json");
    const configUri = pathToFileURL(config).href;
    writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan" } }));
    // The folder was already read for the untitled scripts above (the workspace folder): the editor says it changed.
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: configUri, type: 1 }] });
    const uri = pathToFileURL(join(dir, "episode.pod")).href;
    const opened = await client.open(uri, "HOST: Hello.\n\nGUEST: Hi.\n");
    expect(summary(opened.diagnostics)).toEqual([{ code: "POD0201", range: range(2, 0, 5) }]);

    writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan", GUEST: "Victoria" } }));
    let next = client.nextDiagnostics(uri);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: configUri, type: 2 }] });
    expect((await next).diagnostics).toEqual([]);

    writeFileSync(config, '{ "cast": ');
    next = client.nextDiagnostics(uri);
    const onConfig = client.nextDiagnostics(configUri);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: configUri, type: 2 }] });
    const blocked = (await next).diagnostics;
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatchObject({ code: "POD0702", severity: 1 });
    expect(blocked[0]!.relatedInformation?.[0]?.location.uri).toBe(configUri);
    expect((await onConfig).diagnostics.map((d) => d.code)).toEqual(["POD0702"]);

    writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan", GUEST: "Victoria" } }));
    next = client.nextDiagnostics(uri);
    const configCleared = client.nextDiagnostics(configUri);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: configUri, type: 2 }] });
    expect((await next).diagnostics).toEqual([]);
    expect((await configCleared).diagnostics).toEqual([]);

    rmSync(config);
    next = client.nextDiagnostics(uri);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: configUri, type: 3 }] });
    expect((await next).diagnostics.map((d) => d.code)).toEqual(["POD0201", "POD0201"]); // nobody is cast any more
  });

  it("gives a long script, after every edit, exactly the diagnostics of podc check", async () => {
    const sections = Array.from({ length: 120 }, (_, i) =>
      [
        `# Part ${i}`,
        "",
        `HOST: Line ${i}, spoken.`,
        `GUEST: (softly) Reply ${i}.`,
        "",
        `SONG: Tune ${i}`,
        "Style: pop",
        "[Verse]",
        "la la",
        "END SONG",
        "",
      ].join("\n"),
    );
    const text = ["Title: Long", "Cast:", "    HOST: Ethan", "    GUEST: Victoria", "", ...sections, ...Array(400).fill("HOST: More.")].join("\n");
    const uri = "untitled:long.pod";
    expect((await client.open(uri, text)).diagnostics).toEqual([]);
    const lspOf = (t: string) =>
      analyze(t, { file: uri, config: defaultConfig() }).diagnostics.map((d) => ({ code: d.code, line: d.span.start.line - 1, message: d.message }));
    const changes = [
      { range: range(562, 0, 7), text: "[Chrous]" }, // a misspelt marker in a song of part 50: its section alone is checked
      { range: range(20, 0, 0), text: "\n\n" }, // moves it down: every other section's problems are reused, moved
      { range: range(600, 0, 0), text: "ZED: Who?\n" }, // an unknown speaker in the middle
      { range: range(300, 0, 0), text: "\n\n" }, // moves it down
      { range: range(10, 0, 0), text: "[[TODO check]]\n\n" },
      { range: range(900, 0, 0), text: "DJ: A third voice.\n" },
    ];
    for (const change of changes) {
      const { diagnostics } = await client.change(uri, [change]);
      const expected = lspOf(client.document(uri).getText());
      expect(diagnostics.map((d) => ({ code: d.code, line: d.range.start.line, message: String(d.message).split("\nhelp:")[0] }))).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
    await client.request("textDocument/documentSymbol", { textDocument: { uri } });
    expect(client.logs().filter((m) => m.includes("differs"))).toEqual([]);
  });
});
