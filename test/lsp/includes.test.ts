import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionItem, Location } from "vscode-languageserver";
import { startClient, type TestClient } from "./client.js";

// The editor follows `INCLUDE: path`: to the included script, with the project's scripts offered as its path is
// typed, and with what is wrong in the part summed up at the include.

const EPISODE = [
  "Cast:",
  "    HOST: Ethan",
  "    GUEST: Victoria",
  "",
  "INCLUDE: shared/intro.pod",
  "",
  "HOST: Tonight, the harbour.",
  "",
  "INCLUDE: ",
  "",
].join("\n");

let client: TestClient;
let dir: string;
let uri: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-include-"));
  writeFileSync(join(dir, "podc.json"), "{}\n");
  mkdirSync(join(dir, "shared"));
  writeFileSync(join(dir, "shared", "intro.pod"), "HOST: Welcome.\nGUSET: Hello.\n");
  writeFileSync(join(dir, "shared", "outro.pod"), "HOST: Goodnight.\n");
  uri = pathToFileURL(join(dir, "episode.pod")).href;
  writeFileSync(join(dir, "episode.pod"), EPISODE);
  client = await startClient(pathToFileURL(dir).href);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });

describe("includes in the editor", () => {
  it("sums up the included script's errors at the include, and reports an include with no path", async () => {
    const { diagnostics } = await client.open(uri, EPISODE);
    expect(diagnostics.map((d) => [d.code, d.range.start.line, String(d.message).split("\n")[0]])).toEqual([
      ["POD0913", 4, "shared/intro.pod has an error (line 2: unknown speaker GUSET): nothing of this script is sent until it is mended"],
      ["POD0914", 8, "this include names no script"],
    ]);
  });

  it("goes from the path to the included script", async () => {
    const location = await client.request<Location>("textDocument/definition", at(4, 14));
    expect(location).toEqual({
      uri: pathToFileURL(join(dir, "shared", "intro.pod")).href,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
  });

  it("offers the project's other scripts after INCLUDE:, relative to this one", async () => {
    const items = await client.request<CompletionItem[]>("textDocument/completion", at(8, 9));
    expect(items.map((i) => i.label)).toEqual(["shared/intro.pod", "shared/outro.pod"]);
    expect(items[1]!.textEdit).toEqual({ range: { start: { line: 8, character: 9 }, end: { line: 8, character: 9 } }, newText: "shared/outro.pod" });
  });

  it("offers INCLUDE: at the start of a body line", async () => {
    const items = await client.request<CompletionItem[]>("textDocument/completion", at(5, 0));
    expect(items.map((i) => i.label)).toContain("INCLUDE:");
  });
});

describe("a change to an included script on disk", () => {
  it("analyses an open script that includes it again, when the editor says a script changed", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "podc-lsp-include-change-"));
    writeFileSync(join(dir2, "podc.json"), "{}\n");
    writeFileSync(join(dir2, "intro.pod"), "HOST: Welcome.\nGUSET: Hello.\n");
    const text = "Cast:\n    HOST: Ethan\n    GUEST: Victoria\n\nINCLUDE: intro.pod\n";
    const episode = pathToFileURL(join(dir2, "episode.pod")).href;
    writeFileSync(join(dir2, "episode.pod"), text);
    const other = await startClient(pathToFileURL(dir2).href);
    try {
      expect((await other.open(episode, text)).diagnostics.map((d) => d.code)).toEqual(["POD0913"]);
      writeFileSync(join(dir2, "intro.pod"), "HOST: Welcome.\nGUEST: Hello.\n");
      const next = other.nextDiagnostics(episode);
      await other.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: pathToFileURL(join(dir2, "intro.pod")).href, type: 2 }] });
      expect((await next).diagnostics).toEqual([]);
    } finally {
      expect(await other.stop()).toBe(0);
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});
