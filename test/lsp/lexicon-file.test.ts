import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionItem, Hover, MarkupContent } from "vscode-languageserver";
import { startClient, type TestClient } from "./client.js";

// The editor with a lexicon kept in a file (`speech.lexiconFile`): a word the lexicon knows is completed as it is
// typed in a speech, and hovering it says what the voice is sent and where that is written.

const SCRIPT = ["Cast:", "    HOST: Ethan", "", "HOST: Tonight, Saoirse Nguyen.", "And sao", ""].join("\n");

let client: TestClient;
let dir: string;
let uri: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-lexicon-"));
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ speech: { lexiconFile: "names/lexicon.json", lexicon: { Dún: "Dun" } } }));
  mkdirSync(join(dir, "names"));
  writeFileSync(join(dir, "names", "lexicon.json"), JSON.stringify({ Nguyen: "Win", Saoirse: "Sur-sha", "Saoirse Ronan": "Sur-sha Ronan" }));
  uri = pathToFileURL(join(dir, "episode.pod")).href;
  client = await startClient(pathToFileURL(dir).href);
  expect((await client.open(uri, SCRIPT)).diagnostics).toEqual([]);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });

describe("a lexicon file in the editor", () => {
  it("completes a word the lexicon knows as it is typed in a speech, in its written spelling", async () => {
    const items = await client.request<CompletionItem[]>("textDocument/completion", at(4, 7));
    const lexicon = items.filter((i) => i.detail?.startsWith("said as"));
    expect(lexicon.map((i) => [i.label, i.detail])).toEqual([
      ["Saoirse", "said as Sur-sha"],
      ["Saoirse Ronan", "said as Sur-sha Ronan"],
    ]);
    expect(lexicon[0]!.textEdit).toEqual({ range: { start: { line: 4, character: 4 }, end: { line: 4, character: 7 } }, newText: "Saoirse" });
  });

  it("offers no lexicon word outside a speech", async () => {
    await client.change(uri, [{ text: SCRIPT + "\n# Sao" }]);
    const items = await client.request<CompletionItem[]>("textDocument/completion", at(6, 5));
    expect(items.filter((i) => i.detail?.startsWith("said as"))).toEqual([]);
  });

  it("says on hover what the voice is sent, and that it may come from the file", async () => {
    const hover = await client.request<Hover>("textDocument/hover", at(3, 25));
    expect((hover.contents as MarkupContent).value).toBe(
      "`Nguyen` is sent to the voice as `Win` (`speech.lexicon` in podc.json, or `names/lexicon.json`); the transcript and the page keep `Nguyen`.",
    );
  });
});

// The lexicon file is watched as podc.json is: the server asks the editor to report changes to it (by its name, since it
// may have any), and a change it reports is a new configuration for every open script.
describe("a change to the lexicon file", () => {
  it("is watched, and re-checks the open scripts with the new respellings", async () => {
    const folder = mkdtempSync(join(tmpdir(), "podc-lsp-lexicon-watch-"));
    writeFileSync(join(folder, "podc.json"), JSON.stringify({ speech: { lexiconFile: "names/words.json" } }));
    mkdirSync(join(folder, "names"));
    const lexicon = join(folder, "names", "words.json");
    writeFileSync(lexicon, JSON.stringify({ Nguyen: "Win" }));
    const watcher = await startClient(pathToFileURL(folder).href);
    const patterns: string[] = [];
    watcher.connection.onRequest("client/registerCapability", (params: { registrations: { registerOptions?: { watchers?: { globPattern: string }[] } }[] }) => {
      for (const r of params.registrations) for (const w of r.registerOptions?.watchers ?? []) patterns.push(w.globPattern);
      return null;
    });
    const script = pathToFileURL(join(folder, "episode.pod")).href;
    try {
      expect((await watcher.open(script, SCRIPT)).diagnostics).toEqual([]);
      await expect.poll(() => patterns, { timeout: 30_000 }).toContain("**/words.json");
      const hover = async () =>
        (
          (await watcher.request<Hover>("textDocument/hover", { textDocument: { uri: script }, position: { line: 3, character: 25 } }))
            .contents as MarkupContent
        ).value;
      expect(await hover()).toMatch(/^`Nguyen` is sent to the voice as `Win`/);
      // With an entry that changes nothing, and told by the editor's watcher: the script is checked again, and the entry is reported in
      // the file, as podc.json's own would be.
      writeFileSync(lexicon, JSON.stringify({ Nguyen: "Nuh-gwen", Win: "win" }));
      const lexiconUri = pathToFileURL(lexicon).href;
      const reported = watcher.nextDiagnostics(lexiconUri);
      const again = watcher.nextDiagnostics(script);
      await watcher.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: lexiconUri, type: 2 }] });
      await again;
      expect((await reported).diagnostics.map((d) => d.code)).toEqual(["POD0904"]);
      expect(await hover()).toMatch(/^`Nguyen` is sent to the voice as `Nuh-gwen`/);
    } finally {
      expect(await watcher.stop()).toBe(0);
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("is watched while it is missing too, and its making is a new configuration", async () => {
    const folder = mkdtempSync(join(tmpdir(), "podc-lsp-lexicon-made-"));
    writeFileSync(join(folder, "podc.json"), JSON.stringify({ speech: { lexiconFile: "later.json" } }));
    const watcher = await startClient(pathToFileURL(folder).href);
    const patterns: string[] = [];
    watcher.connection.onRequest("client/registerCapability", (params: { registrations: { registerOptions?: { watchers?: { globPattern: string }[] } }[] }) => {
      for (const r of params.registrations) for (const w of r.registerOptions?.watchers ?? []) patterns.push(w.globPattern);
      return null;
    });
    const script = pathToFileURL(join(folder, "episode.pod")).href;
    const configUri = pathToFileURL(join(folder, "podc.json")).href;
    try {
      const missing = watcher.nextDiagnostics(configUri);
      await watcher.open(script, SCRIPT);
      expect((await missing).diagnostics.map((d) => d.code)).toEqual(["POD0701"]);
      await expect.poll(() => patterns, { timeout: 30_000 }).toContain("**/later.json");
      const lexicon = join(folder, "later.json");
      writeFileSync(lexicon, JSON.stringify({ Nguyen: "Win" }));
      const cleared = watcher.nextDiagnostics(configUri);
      await watcher.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: pathToFileURL(lexicon).href, type: 1 }] });
      expect((await cleared).diagnostics).toEqual([]);
    } finally {
      expect(await watcher.stop()).toBe(0);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
