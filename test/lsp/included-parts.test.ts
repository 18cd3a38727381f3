import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { FullDocumentDiagnosticReport, InlayHint } from "vscode-languageserver";
import { CAPABILITIES, startClient, type TestClient } from "./client.js";

// What an included part costs and what is wrong in it, as the editor shows them at the script that includes it: the
// hints count the part's requests (at the include, and in the section it stands in), and an editor that pulls
// diagnostics is asked to pull again when a part an open script includes changes on disk.

const EPISODE = [
  "Cast:",
  "    HOST: Ethan",
  "    GUEST: Victoria",
  "",
  "# Opening",
  "",
  "INCLUDE: shared/intro.pod",
  "",
  "HOST: Tonight, the harbour.",
  "",
].join("\n");
const INTRO = "HOST: This is Harbour Names.\nGUEST: Where every name is said right.\n";
const INTRO_WITH_SONG = INTRO + "\nSONG: Harbour Theme\nStyle: folk, accordion\nTakes: 1\n\n[Verse]\nSalt on the rope\nEND SONG\n";

const clients: TestClient[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const client of clients) expect(await client.stop()).toBe(0);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A project with podc.json, the episode and its shared intro on disk, and another script nothing includes. */
function project(): { dir: string; uri: string; intro: string; other: string } {
  const dir = mkdtempSync(join(tmpdir(), "podc-lsp-parts-"));
  dirs.push(dir);
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ cast: { HOST: "Ethan", GUEST: "Victoria" } }));
  mkdirSync(join(dir, "shared"));
  writeFileSync(join(dir, "shared", "intro.pod"), INTRO);
  writeFileSync(join(dir, "other.pod"), "HOST: Elsewhere.\n");
  writeFileSync(join(dir, "episode.pod"), EPISODE);
  return { dir, uri: pathToFileURL(join(dir, "episode.pod")).href, intro: join(dir, "shared", "intro.pod"), other: join(dir, "other.pod") };
}

const changed = (client: TestClient, path: string) =>
  client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: pathToFileURL(path).href, type: 2 }] });

describe("an included part in the editor", () => {
  it("counts the part's requests in the cost hints: at the include, and in its section", async () => {
    const { dir, uri, intro } = project();
    const client = await startClient(pathToFileURL(dir).href);
    clients.push(client);
    expect((await client.open(uri, EPISODE)).diagnostics).toEqual([]);
    const hints = async () =>
      (
        await client.request<InlayHint[]>("textDocument/inlayHint", {
          textDocument: { uri },
          range: { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } },
        })
      )
        .filter((h) => String(h.label).includes("billed"))
        .map((h) => [h.position.line, String(h.label).replace(/^≈ \d+:\d\d spoken · /, "")]);
    expect(await hints()).toEqual([
      [4, "2 billed (2 requests)"],
      [6, "1 billed (1 request)"],
    ]);
    // The part gains a song on disk: the hints count its take where the part is included.
    writeFileSync(intro, INTRO_WITH_SONG);
    await changed(client, intro);
    await client.nextDiagnostics(uri);
    expect(await hints()).toEqual([
      [4, "3 billed (2 requests, 1 song, 1 take)"],
      [6, "2 billed (1 request, 1 song, 1 take)"],
    ]);
  });

  it("asks an editor that pulls diagnostics to pull again when a part an open script includes changes, and only then", async () => {
    const { dir, uri, intro, other } = project();
    const client = await startClient(pathToFileURL(dir).href, {
      capabilities: {
        ...CAPABILITIES,
        textDocument: { ...CAPABILITIES.textDocument, diagnostic: {} },
        workspace: { ...CAPABILITIES.workspace, diagnostics: { refreshSupport: true } },
      },
    });
    clients.push(client);
    let refreshes = 0;
    client.connection.onRequest("workspace/diagnostic/refresh", () => {
      refreshes++;
      return null;
    });
    await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "podscript", version: 1, text: EPISODE } });
    const pull = async () => (await client.request<FullDocumentDiagnosticReport>("textDocument/diagnostic", { textDocument: { uri } })).items;
    expect(await pull()).toEqual([]);
    // A script the episode does not include changes: nothing to pull again.
    writeFileSync(other, "HOST: Elsewhere, again.\n");
    await changed(client, other);
    // The intro gains a mistake: the episode's summary at its include must be pulled again.
    writeFileSync(intro, INTRO + "GUSET: A typo.\n");
    await changed(client, intro);
    await expect.poll(() => refreshes, { timeout: 30_000 }).toBe(1);
    expect((await pull()).map((d) => [d.code, d.range.start.line])).toEqual([["POD0913", 6]]);
    expect(refreshes).toBe(1);
  });
});
