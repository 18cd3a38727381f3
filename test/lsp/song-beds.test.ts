/*
 * A song bed (`Play: bed`) in the editor: the header is offered with the song's others, `bed` after its colon, and hover
 * on the header, or on the song, says what a bed does; a mistaken value is shown with its fixes as code actions.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodeAction, CompletionItem, Hover, MarkupContent } from "vscode-languageserver";
import { startClient, type TestClient } from "./client.js";

const SCRIPT = [
  "Title: Harbour", //                  0
  "Cast:", //                           1
  "    HOST: Ethan", //                 2
  "    GUEST: Victoria", //             3
  "", //                                4
  "SONG: Harbour Theme", //             5
  "Style: ambient, instrumental", //    6
  "Play: bed", //                       7
  "", //                                8
  "[Instrumental]", //                  9
  "END SONG", //                        10
  "", //                                11
  "HOST: The boats go out.", //         12
  "",
].join("\n");

let client: TestClient;
let dir: string;
let uri: string;
const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
const hoverText = async (line: number, character: number) =>
  ((await client.request<Hover | null>("textDocument/hover", at(line, character)))?.contents as MarkupContent | undefined)?.value;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-bed-"));
  writeFileSync(join(dir, "podc.json"), "{}\n");
  uri = pathToFileURL(join(dir, "harbour.pod")).href;
  client = await startClient(pathToFileURL(dir).href);
  expect((await client.open(uri, SCRIPT)).diagnostics).toEqual([]);
}, 60_000);
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

describe("a song bed in the editor", () => {
  it("hovers the Play line with what a bed does, and the song's title with its being a bed", async () => {
    expect(await hoverText(7, 3)).toMatch(/A song bed\..*paid for as any song.*under what is said or sung after it/s);
    expect(await hoverText(5, 8)).toContain("played as a bed");
  });

  it("offers Play among the song's headers, and bed after its colon", async () => {
    await client.change(uri, [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 9 } }, text: "" }]);
    const headers = await client.request<CompletionItem[]>("textDocument/completion", at(7, 0));
    expect(headers.map((i) => i.label)).toContain("Play");
    await client.change(uri, [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: "Play: " }]);
    const values = await client.request<CompletionItem[]>("textDocument/completion", at(7, 6));
    expect(values.map((i) => [i.label, i.textEdit && "newText" in i.textEdit ? i.textEdit.newText : undefined])).toEqual([["bed", "bed"]]);
  });

  it("shows a mistaken value with its fixes: to bed, or the song on its own", async () => {
    const { diagnostics } = await client.change(uri, [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 6 } }, text: "Play: bde" }]);
    expect(diagnostics.map((d) => d.code)).toEqual(["POD0927"]);
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
    expect(actions.map((a) => a.title)).toEqual(["Change to bed", "Remove the Play line: play the song on its own, where it is written"]);
  });
});
