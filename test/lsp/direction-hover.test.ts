/*
 * Hover on a parenthetical says what becomes of it (a pause is silence in the episode, a mapped one a voice's tag, any
 * other not rendered), and on a word the pronunciation lexicon respells, what the voice is sent.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Hover, MarkupContent } from "vscode-languageserver";
import { startClient, type TestClient } from "./client.js";

const SCRIPT = [
  "Title: T", //                0
  "Cast:", //                   1
  "    HOST: Ethan", //         2
  "    GUEST: Victoria", //     3
  "", //                        4
  "HOST: (laughing) Hello.", // 5
  "(pause 1.5s)", //            6
  "GUEST: (whispering) Hi.", // 7
  "HOST: Dr NGUYEN is here.", // 8
  "",
].join("\n");

let client: TestClient;
let dir: string;
let uri: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-directions-"));
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ speech: { directionTags: { whispering: "[whispers]" }, lexicon: { Nguyen: "Win" } } }, null, 2));
  uri = pathToFileURL(join(dir, "ep.pod")).href;
  client = await startClient(pathToFileURL(dir).href);
  expect((await client.open(uri, SCRIPT)).diagnostics).toEqual([]);
}, 300_000);
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

const hover = async (line: number, character: number) =>
  ((await client.request<Hover | null>("textDocument/hover", { textDocument: { uri }, position: { line, character } }))?.contents as MarkupContent | undefined)
    ?.value;

it("a pause is silence in the episode, with its length", async () => {
  expect(await hover(6, 3)).toBe("`(pause 1.5s)` is **1.5 s of silence** in the episode, in place of the voices' own pause here. Nothing is sent for it.");
});

it("a parenthetical podc.json maps is sent as the voices' tag; any other is not rendered", async () => {
  expect(await hover(7, 10)).toBe("`(whispering)` is sent to the voice as `[whispers]` (`speech.directionTags` in podc.json).");
  expect(await hover(5, 9)).toBe(
    "`(laughing)` is a direction for the reader: **not rendered**, no voice is given it. If your voices act on a tag for it, map it in podc.json (`speech.directionTags`).",
  );
});

it("a word the lexicon respells shows what the voice is sent", async () => {
  expect(await hover(8, 12)).toBe("`NGUYEN` is sent to the voice as `Win` (`speech.lexicon` in podc.json); the transcript and the page keep `NGUYEN`.");
  expect(await hover(8, 20)).toBeUndefined();
});
