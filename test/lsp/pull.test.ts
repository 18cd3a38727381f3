import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import type { CodeAction, FullDocumentDiagnosticReport } from "vscode-languageserver";
import { CAPABILITIES, startClient, type TestClient } from "./client.js";

// A client that pulls diagnostics (VS Code does) gets none pushed — they would show twice — and is told to pull
// again when podc.json changes, since that changes every script's diagnostics.

let client: TestClient | undefined;
let dir: string | undefined;
afterAll(async () => {
  if (client) await client.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("answers pulls, pushes nothing for scripts, and asks for a new pull when podc.json changes", async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-"));
  const config = join(dir, "podc.json");
  writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan" } }));
  client = await startClient(pathToFileURL(dir).href, {
    capabilities: { ...CAPABILITIES, textDocument: { ...CAPABILITIES.textDocument, diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } },
  });
  let refreshes = 0;
  client.connection.onRequest("workspace/diagnostic/refresh", () => {
    refreshes++;
    return null;
  });
  const pushed: string[] = [];
  client.connection.onNotification("textDocument/publishDiagnostics", (p: { uri: string }) => void pushed.push(p.uri));
  const uri = pathToFileURL(join(dir, "episode.pod")).href;
  await client.connection.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: "podscript", version: 1, text: "HOST: Hi.\nGUEST: Hello.\n" },
  });
  const pull = () => client!.request<FullDocumentDiagnosticReport>("textDocument/diagnostic", { textDocument: { uri } });
  expect((await pull()).items.map((d) => d.code)).toEqual(["POD0201"]);

  writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan", GUEST: "Luna" } }));
  utimesSync(config, new Date(), new Date(Date.now() + 5000));
  expect((await pull()).items).toEqual([]);
  await expect.poll(() => refreshes).toBe(1);
  expect(pushed.filter((u) => u === uri)).toEqual([]);
});

// VS Code's Ctrl+. with the cursor past the underline (at the end of the line, or where a wider line left it) asks for
// quick fixes only, with the cursor's empty range and no diagnostics in the context: the line's fixes still come.
it("offers a line's fixes to VS Code's Ctrl+. past the end of the underline, after the line was typed", async () => {
  const folder = mkdtempSync(join(tmpdir(), "podc-lsp-"));
  const vscode = await startClient(pathToFileURL(folder).href, {
    capabilities: { ...CAPABILITIES, textDocument: { ...CAPABILITIES.textDocument, diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } },
  });
  vscode.connection.onRequest("workspace/diagnostic/refresh", () => null);
  const uri = pathToFileURL(join(folder, "episode.pod")).href;
  await vscode.connection.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: "podscript", version: 1, text: "Cast:\n    HOST: Ethan\n\n# One\n\nHOST: Hi.\n" },
  });
  // Typed a character at a time at the end of the section, as a writer does.
  let version = 1;
  let character = 0;
  for (const typed of "HOSTT: Welcome back.") {
    const at = { line: 6, character };
    await vscode.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri, version: ++version },
      contentChanges: [{ range: { start: at, end: at }, text: typed }],
    });
    character++;
  }
  const pulled = await vscode.request<FullDocumentDiagnosticReport>("textDocument/diagnostic", { textDocument: { uri } });
  expect(pulled.items.map((d) => [d.code, d.range.end])).toEqual([["POD0201", { line: 6, character: 5 }]]);
  for (const column of [5, 12, character, character + 4]) {
    const actions = await vscode.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: { start: { line: 6, character: column }, end: { line: 6, character: column } },
      context: { diagnostics: [], only: ["quickfix"], triggerKind: 1 },
    });
    expect(actions.map((a) => a.title)).toEqual(["Change to HOST", "Add HOSTT to the Cast with the voice Victoria"]);
  }
  expect(await vscode.stop()).toBe(0);
  rmSync(folder, { recursive: true, force: true });
});
