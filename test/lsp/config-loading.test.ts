import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Hover, MarkupContent } from "vscode-languageserver";
import { startClient, type TestClient } from "./client.js";

// The server loads podc.json's reader only when a script that a podc.json governs is named, and holds the messages
// about it until then: a request sent right behind the didOpen, without waiting for diagnostics, must see the project's
// cast as every later one does.

let client: TestClient;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-config-"));
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ cast: { NARRATOR: "Jake" } }));
  client = await startClient(pathToFileURL(dir).href);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

it("answers a request sent right after didOpen with podc.json's cast", async () => {
  const uri = pathToFileURL(join(dir, "episode.pod")).href;
  const published = client.nextDiagnostics(uri);
  void client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "pod", version: 1, text: "NARRATOR: Hello.\n" } });
  const hover = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 2 } });
  expect((hover?.contents as MarkupContent | undefined)?.value).toContain("**NARRATOR** speaks with the voice **Jake**.");
  expect((await published).diagnostics).toEqual([]);
});
