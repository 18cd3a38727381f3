import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { loadConfigFor } from "../../src/config/load.js";
import { podc } from "../run/helpers.js";

// A lexicon kept in a file of its own (`speech.lexiconFile`): its entries are the lexicon's, checked where they are
// written, and a change to one re-bills exactly the requests that hold its word.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function project(lexicon: string | undefined, speech: object = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-lexicon-file-"));
  dirs.push(dir);
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ speech: { lexiconFile: "names/lexicon.json", ...speech } }, null, 2) + "\n");
  if (lexicon !== undefined) {
    mkdirSync(join(dir, "names"));
    writeFileSync(join(dir, "names", "lexicon.json"), lexicon);
  }
  return dir;
}

const SCRIPT = `Cast:
    HOST: Ethan
    GUEST: Victoria

# One

HOST: Saoirse Nguyen kept the port open.
GUEST: All night.

# Two

HOST: The ferry came in late.
GUEST: It always did.

# Three

HOST: And Nguyen was there.
`;

const plan = (dir: string) => analyze(SCRIPT, { file: "episode.pod", config: loadConfigFor(dir).config }).plan!;
const texts = (dir: string) => plan(dir).requests.map((r) => (r.body as { conversations: { text: string }[] }).conversations.map((t) => t.text).join(" / "));

describe("speech.lexiconFile", () => {
  it("reads the file's entries into the lexicon; podc.json's own entry wins for the same word", () => {
    const dir = project('{\n  "Nguyen": "Win",\n  "Saoirse": "Sur-sha"\n}\n', { lexicon: { Saoirse: "Seer-sha" } });
    const loaded = loadConfigFor(dir);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.config.speech.lexicon).toEqual({ Nguyen: "Win", Saoirse: "Seer-sha" });
    expect(texts(dir)).toEqual(["Seer-sha Win kept the port open. / All night.", "The ferry came in late. / It always did.", "And Win was there."]);
  });

  it("re-bills exactly the requests that hold a word whose entry changed in the file", () => {
    const dir = project('{ "Nguyen": "Win", "Saoirse": "Sur-sha" }\n');
    const before = plan(dir).requests.map((r) => r.key);
    writeFileSync(join(dir, "names", "lexicon.json"), '{ "Nguyen": "Nwen", "Saoirse": "Sur-sha" }\n');
    const after = plan(dir).requests.map((r) => r.key);
    expect(after.map((key, i) => key !== before[i])).toEqual([true, false, true]);
    writeFileSync(join(dir, "names", "lexicon.json"), '{ "Nguyen": "Nwen", "Saoirse": "Seer-sha" }\n');
    const again = plan(dir).requests.map((r) => r.key);
    expect(again.map((key, i) => key !== after[i])).toEqual([true, false, false]);
  });

  it("checks the file's entries like the inline ones, located in the file", () => {
    const dir = project('{\n  "Nguyen": "nguyen",\n  "Siobhan": "Shiv-awn",\n  "Shiv": "Sheev"\n}\n');
    const loaded = loadConfigFor(dir);
    const file = join(dir, "names", "lexicon.json");
    expect(loaded.diagnostics.map((d) => [d.code, d.file, d.span.start.line, d.span.start.column])).toEqual([
      ["POD0904", file, 2, 13],
      ["POD0905", file, 3, 14],
    ]);
    expect(loaded.lexicon?.source.lineText(2)).toBe('  "Nguyen": "nguyen",');
  });

  it("is an error at the setting when the file is missing, and in the file when it is no lexicon; podc check names that file", async () => {
    const missing = loadConfigFor(project(undefined));
    expect(missing.diagnostics.map((d) => [d.code, d.span.start.line, d.message])).toEqual([
      ["POD0701", 3, "speech.lexiconFile: the lexicon file names/lexicon.json cannot be read (no such file)"],
    ]);
    const dir = project('{\n  "Nguyen": 3\n}\n');
    writeFileSync(join(dir, "episode.pod"), SCRIPT);
    const checked = await podc(["check", "--format", "line", "episode.pod"], dir, {});
    expect(checked.code).toBe(2);
    expect(checked.stdout.split("\n").filter(Boolean)).toEqual([
      'names/lexicon.json:2:13: error POD0701: names/lexicon.json: each entry is a word and its respelling, {"Nguyen": "Win"}',
    ]);
  });
});
