/*
 * The editor and sound cues, with a real server: a missing file is a problem at the cue's line, the files beside the
 * script are offered as the file is typed, hover says what a file is, and "go to definition" opens it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CompletionItem, Hover, Location, MarkupContent } from "vscode-languageserver";
import { ROOT } from "../run/helpers.js";
import { startClient, type TestClient } from "./client.js";

const SCRIPT = [
  "Title: T", //                0
  "Cast:", //                   1
  "    HOST: Ethan", //         2
  "", //                        3
  "SFX sounds/bell.wav", //     4
  "", //                        5
  "HOST: Hello.", //            6
  "", //                        7
  "STING sounds/gone.flac", //  8
  "", //                        9
  "HOST: Bye.", //              10
  "", //                        11
  "BED sou", //                 12
  "",
].join("\n");

let client: TestClient;
let dir: string;
let uri: string;
let opened: Awaited<ReturnType<TestClient["open"]>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "podc-lsp-sounds-"));
  writeFileSync(join(dir, "podc.json"), "{}\n");
  mkdirSync(join(dir, "sounds", "more"), { recursive: true });
  copyFileSync(join(ROOT, "examples", "harbour-names", "sounds", "bell.wav"), join(dir, "sounds", "bell.wav"));
  writeFileSync(join(dir, "sounds", "notes.txt"), "not offered\n");
  uri = pathToFileURL(join(dir, "ep.pod")).href;
  client = await startClient(pathToFileURL(dir).href);
  opened = await client.open(uri, SCRIPT);
}, 300_000);
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

it("reports a missing sound file at its name, before anything is paid", () => {
  expect(opened.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
    ["POD0920", 8, 6],
    ["POD0920", 12, 4],
  ]);
});

it("offers the audio files and folders from the script's folder as the file is typed", async () => {
  const items = await client.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri }, position: { line: 12, character: 7 } });
  expect(items.map((i) => i.label)).toEqual(["sounds/"]);
  const inside = await client.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri }, position: { line: 4, character: 11 } });
  expect(inside.map((i) => [i.label, i.detail]).sort()).toEqual([
    ["sounds/bell.wav", "WAV audio, 1.5 s, 65 kB"],
    ["sounds/more/", undefined],
  ]);
});

it("says on hover what the file is: its format, length and size", async () => {
  const hover = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri }, position: { line: 4, character: 8 } });
  expect((hover?.contents as MarkupContent).value).toBe("`sounds/bell.wav`: WAV audio, 1.5 s, 65 kB");
});

it("opens the file on go to definition", async () => {
  const found = await client.request<Location | null>("textDocument/definition", { textDocument: { uri }, position: { line: 4, character: 8 } });
  expect(found?.uri).toBe(pathToFileURL(join(dir, "sounds", "bell.wav")).href);
});

it("tells a table read which lines are cues, to leave out: the part is read where the cues' files are not", async () => {
  const part = pathToFileURL(join(dir, "part.pod")).href;
  await client.open(part, "Title: T\nCast:\n    HOST: Ethan\n\n# One\n\nSFX sounds/bell.wav\n\nHOST: Hello.\n");
  const args = await client.request<{ lines: { start: number; end: number }; soundLines?: number[] } | null>("podc/tableRead", {
    uri: part,
    part: "section One",
    index: 0,
  });
  expect(args?.lines).toEqual({ start: 4, end: 8 });
  expect(args?.soundLines).toEqual([6]);
});
