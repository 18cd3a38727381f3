import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import type { FullDocumentDiagnosticReport } from "vscode-languageserver";
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
