/*
 * `podc stats` as a writer uses it: on a small script whose numbers can be counted by hand, on the examples, on a
 * real Fountain screenplay, with and without prices, and with a script that has errors.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "../../src/parser/parse.js";
import { DEFAULT_VOICES } from "../../src/config/schema.js";
import { runPodc } from "./io-helper.js";

const ROOT = join(import.meta.dirname, "../..");
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding `files` (name → text). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-stats-"));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

// Counted by hand: ANN says 3 + 2 + 1 = 6 words in 2 turns ("Six seven." and "Eight." are one turn: same speaker,
// one after the other), BOB 2 + 4 + 1 = 7 words in 3 turns. The jingle is the same request twice: billed once.
const HAND = `Title: Hand Count
Cast:
    ANN: Ethan
    BOB: Victoria

ANN: One two three.
BOB: Four five.

# Part

ANN: Six seven.
ANN: Eight.
BOB: Nine ten eleven twelve.

# Empty

## Part

BOB: Thirteen.

SONG: Jingle
Takes: 1
Style: pop

[Verse]
La la la
END SONG

SONG: Jingle
Takes: 1
Style: pop

[Verse]
La la la
END SONG

SONG: Big
Style: rock

[Verse]
Loud
END SONG
`;

interface Row {
  kind: string;
  title?: string;
  line: number;
  words?: number;
  turns?: number;
  characters?: number;
  durationMs?: number;
  requests: number;
  billedUnits: number;
  cost?: number;
  takes?: number;
  repeatOf?: number;
}
interface Episode {
  source: string;
  title?: string;
  wordsPerMinute: number;
  speakers: { speaker: string; voice: string; words: number; turns: number; characters: number; durationMs: number; wordShare: number; timeShare: number }[];
  rows: Row[];
  totals: {
    words: number;
    turns: number;
    characters: number;
    lyricsCharacters: number;
    durationMs: number;
    requests: { podcast: number; song: number; total: number };
    billedUnits: { podcast: number; song: number; total: number };
    cost?: { currency: string; podcasts: number; songs: number; total: number };
  };
}

async function statsJson(
  dir: string,
  args: string[],
): Promise<{ statsVersion: number; episodes: Episode[]; totals?: Record<string, unknown>; skipped: unknown[] }> {
  const r = await runPodc(["stats", "--json", ...args], dir);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** Every total of an episode is the sum of its rows (and, for speech, of its speakers). */
function expectTotalsAreSums(episode: Episode): void {
  const sections = episode.rows.filter((r) => r.kind === "section");
  const sum = (rows: readonly Record<string, unknown>[], key: string) => rows.reduce((n, r) => n + ((r[key] as number | undefined) ?? 0), 0);
  for (const key of ["words", "turns", "characters"] as const) {
    expect(sum(sections as unknown as Record<string, unknown>[], key), key).toBe(episode.totals[key]);
    expect(sum(episode.speakers, key), key).toBe(episode.totals[key]);
  }
  expect(sum(episode.rows as unknown as Record<string, unknown>[], "requests")).toBe(episode.totals.requests.total);
  expect(sum(episode.rows as unknown as Record<string, unknown>[], "billedUnits")).toBe(episode.totals.billedUnits.total);
  expect(episode.totals.billedUnits.total).toBe(episode.totals.billedUnits.podcast + episode.totals.billedUnits.song);
  expect(episode.totals.billedUnits.podcast).toBe(episode.totals.requests.podcast);
  // Times are rounded to the millisecond row by row.
  expect(Math.abs(sum(sections as unknown as Record<string, unknown>[], "durationMs") - episode.totals.durationMs)).toBeLessThanOrEqual(sections.length);
  if (episode.totals.cost) {
    expect(sum(episode.rows as unknown as Record<string, unknown>[], "cost")).toBeCloseTo(episode.totals.cost.total, 5);
    expect(episode.totals.cost.podcasts + episode.totals.cost.songs).toBeCloseTo(episode.totals.cost.total, 5);
  }
  expect(sum(episode.speakers, "wordShare")).toBeCloseTo(episode.speakers.length > 0 ? 1 : 0, 3);
}

describe("podc stats on a script counted by hand", () => {
  it("counts each speaker's words and turns as sent, and each section, song and request", async () => {
    const dir = folder({ "hand.pod": HAND });
    const [episode] = (await statsJson(dir, ["hand.pod"])).episodes;
    expect(episode!.speakers.map((s) => [s.speaker, s.voice, s.words, s.turns])).toEqual([
      ["BOB", "Victoria", 7, 3],
      ["ANN", "Ethan", 6, 2],
    ]);
    expect(episode!.speakers[0]!.characters).toBe("Four five.".length + "Nine ten eleven twelve.".length + "Thirteen.".length);
    expect(episode!.speakers[0]!.durationMs).toBe(7 * 400); // 150 words a minute: 400 ms a word
    expect(episode!.speakers[0]!.wordShare).toBeCloseTo(7 / 13, 4);
    expect(episode!.rows.map((r) => [r.kind, r.title ?? "(opening)", r.words ?? null, r.requests, r.billedUnits])).toEqual([
      ["section", "(opening)", 5, 1, 1],
      ["section", "Part", 7, 1, 1],
      ["section", "Empty", 0, 0, 0],
      ["section", "Part", 1, 1, 1],
      ["song", "Jingle", null, 1, 1],
      ["song", "Jingle", null, 0, 0],
      ["song", "Big", null, 1, 2],
    ]);
    expect(episode!.rows[5]!.repeatOf).toBe(episode!.rows[4]!.line);
    expect(episode!.totals.requests).toEqual({ podcast: 3, song: 2, total: 5 });
    expect(episode!.totals.billedUnits).toEqual({ podcast: 3, song: 3, total: 6 });
    expect(episode!.totals.cost).toBeUndefined();
    expectTotalsAreSums(episode!);
  });

  it("prints aligned tables with shares, m:ss times and totals, and says why there is no cost", async () => {
    const dir = folder({ "hand.pod": HAND });
    const r = await runPodc(["stats", "hand.pod"], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("hand.pod — Hand Count");
    expect(r.stdout).toContain("  BOB      Victoria      7      3          42    0:03  53.8%");
    expect(r.stdout).toContain("  Total                 13      5          73    0:05   100%");
    expect(r.stdout).toMatch(/\n {6}♪ Jingle +0 +0 {2}repeats line 21: billed once\n/);
    expect(r.stdout).toContain("Requests: 3 podcast, 2 song · billed units: 6 (3 podcast requests + 3 song takes)");
    expect(r.stdout).toContain('No estimated cost: podc.json has no "pricing"');
    // Aligned: in each table, every line puts its last number's end in the same column.
    const header = lines.findIndex((l) => l.startsWith("  Section / song"));
    const billedEnd = lines[header]!.indexOf("Billed") + "Billed".length;
    for (const line of lines.slice(header + 1, header + 9)) expect(line.slice(0, billedEnd), line).toMatch(/\d$/);
  });

  it("puts the opening first, with a song sung before its first line under it", async () => {
    const dir = folder({
      "first.pod": "Title: F\nCast:\n    A: Ethan\n\nSONG: Open\nStyle: pop\n\n[Verse]\nLa\nEND SONG\n\nA: Hello there.\n\n# Next\n\nA: Bye.\n",
    });
    const [episode] = (await statsJson(dir, ["first.pod"])).episodes;
    expect(episode!.rows.map((r) => [r.kind, r.title ?? "(opening)", r.line])).toEqual([
      ["section", "(opening)", 12],
      ["song", "Open", 5],
      ["section", "Next", 14],
    ]);
    expect((await runPodc(["stats", "first.pod"], dir)).stdout).toMatch(/\n {2}\(opening\) .*\n {4}♪ Open /);
  });

  it("counts an included part in the section its include stands in, whatever the part's own line numbers", async () => {
    const notes = "[[a note]]\n".repeat(12);
    const dir = folder({
      "part.pod": `${notes}A: From the part.\n`,
      "ep.pod": "Title: F\nCast:\n    A: Ethan\n\n# One\n\nINCLUDE: part.pod\n\nA: Hello.\n\n# Two\n\nA: Bye.\n",
    });
    const [episode] = (await statsJson(dir, ["ep.pod"])).episodes;
    expect(episode!.rows.map((r) => [r.title, r.turns, r.requests])).toEqual([
      ["One", 2, 2],
      ["Two", 1, 1],
    ]);
  });

  it("Takes: 1 halves a song's billed units against the service's default, and songs.takes sets the default", async () => {
    const song = (takes: string) => `Title: T\n\nSONG: One\n${takes}Style: pop\n\n[Verse]\nLa\nEND SONG\n`;
    const dir = folder({ "default.pod": song(""), "one.pod": song("Takes: 1\n") });
    const { episodes } = await statsJson(dir, ["default.pod", "one.pod"]);
    expect(episodes.map((e) => e.totals.billedUnits.song)).toEqual([2, 1]);
    writeFileSync(join(dir, "podc.json"), JSON.stringify({ songs: { takes: 3 } }));
    const configured = await statsJson(dir, ["default.pod", "one.pod"]);
    expect(configured.episodes.map((e) => e.totals.billedUnits.song)).toEqual([3, 1]);
  });

  it("estimates the cost with the project's prices, and the time at its speaking rate", async () => {
    const dir = folder({ "hand.pod": HAND });
    writeFileSync(
      join(dir, "podc.json"),
      JSON.stringify({ speech: { wordsPerMinute: 60 }, pricing: { currency: "credits", songTake: 10, podcastRequest: 1, podcastPer1000Chars: 100 } }),
    );
    const [episode] = (await statsJson(dir, ["hand.pod"])).episodes;
    expect(episode!.wordsPerMinute).toBe(60);
    expect(episode!.totals.durationMs).toBe(13_000);
    // 3 podcast requests of 73 characters in all, 3 song takes.
    expect(episode!.totals.cost).toEqual({ currency: "credits", podcasts: 3 + 7.3, songs: 30, total: 40.3 });
    expectTotalsAreSums(episode!);
    const text = (await runPodc(["stats", "hand.pod"], dir)).stdout;
    expect(text).toContain("Estimated cost: 40.30 credits (podcasts 10.30 credits, songs 30.00 credits)");
    expect(text).toMatch(/Section \/ song .* Cost \(credits\)/);
    expect(text).toContain("Spoken: ≈ 0:13 at 60 words a minute");
  });
});

describe("podc stats --json", () => {
  it("has the documented shape (docs/stats.md), with cost fields only when there are prices", async () => {
    const dir = folder({ "a.pod": HAND, "b.pod": HAND.replace("Title: Hand Count", "Title: Second") });
    const plain = await statsJson(dir, ["a.pod", "b.pod"]);
    expect(Object.keys(plain)).toEqual(["statsVersion", "episodes", "totals", "skipped"]);
    const [episode] = plain.episodes;
    expect(Object.keys(episode!)).toEqual(["source", "title", "wordsPerMinute", "speakers", "rows", "totals"]);
    expect(Object.keys(episode!.speakers[0]!)).toEqual(["speaker", "voice", "words", "turns", "characters", "durationMs", "wordShare", "timeShare"]);
    expect(Object.keys(episode!.rows[0]!)).toEqual(["kind", "line", "depth", "words", "turns", "characters", "durationMs", "requests", "billedUnits"]);
    expect(Object.keys(episode!.rows[1]!)).toEqual(["kind", "title", "line", "depth", "words", "turns", "characters", "durationMs", "requests", "billedUnits"]);
    expect(Object.keys(episode!.rows[4]!)).toEqual(["kind", "title", "line", "section", "takes", "pick", "lyricsCharacters", "requests", "billedUnits"]);
    expect(Object.keys(episode!.totals)).toEqual(["words", "turns", "characters", "lyricsCharacters", "durationMs", "requests", "billedUnits"]);
    // The two scripts make the same requests: a run of both sends them once.
    expect(plain.totals).toEqual({
      episodes: 2,
      words: 26,
      turns: 10,
      characters: 146,
      lyricsCharacters: episode!.totals.lyricsCharacters * 2,
      durationMs: 26 * 400,
      requests: { podcast: 3, song: 2, total: 5 },
      billedUnits: { podcast: 3, song: 3, total: 6 },
      sharedRequests: 5,
    });

    writeFileSync(join(dir, "podc.json"), JSON.stringify({ pricing: { songTake: 1 } }));
    const priced = await statsJson(dir, ["a.pod", "b.pod"]);
    expect(priced.episodes[0]!.rows.every((r) => typeof r.cost === "number")).toBe(true);
    expect(priced.episodes[0]!.totals.cost).toEqual({ currency: "USD", podcasts: 0, songs: 3, total: 3 });
    expect(priced.totals!.cost).toEqual({ currency: "USD", podcasts: 0, songs: 3, total: 3 });
  });
});

describe("podc stats on the examples", () => {
  it("gives every example's totals as the sums of its rows, and the totals of all of them", async () => {
    const { episodes, totals } = await statsJson(ROOT, ["examples"]);
    // harbour-names has two episodes sharing an included intro, which is a script of its own too: its one request is
    // counted once, and as shared by the three.
    expect(episodes.map((e) => e.source)).toEqual([
      "examples/harbour-names/fish-market.pod",
      "examples/harbour-names/harbour-names.pod",
      "examples/harbour-names/pilot-boat.pod",
      "examples/harbour-names/shared/intro.pod",
      "examples/lighthouse-keepers.pod",
      "examples/night-shift.pod",
    ]);
    for (const episode of episodes) expectTotalsAreSums(episode);
    const lighthouse = episodes[4]!;
    expect(lighthouse.title).toBe("The Lighthouse Keepers");
    expect(lighthouse.speakers.map((s) => s.speaker).sort()).toEqual(["GUEST", "HOST"]);
    expect(lighthouse.totals.requests).toEqual({ podcast: 4, song: 2, total: 6 });
    expect(lighthouse.totals.billedUnits).toEqual({ podcast: 4, song: 4, total: 8 });
    const words = episodes.reduce((n, e) => n + e.totals.words, 0);
    // harbour-names includes the shared intro too (so three episodes share its request) and has a song bed (one take).
    expect(totals).toMatchObject({ episodes: 6, words, billedUnits: { total: 20 }, sharedRequests: 3 });
  });

  it("agrees with the plan that podc compile prints", async () => {
    const [episode] = (await statsJson(ROOT, ["examples/night-shift.pod"])).episodes;
    const plan = JSON.parse((await runPodc(["compile", "examples/night-shift.pod"], ROOT)).stdout);
    const turns = plan.requests.flatMap((r: { kind: string; body: { conversations?: { text: string }[] } }) => r.body.conversations ?? []);
    expect(episode!.totals.turns).toBe(turns.length);
    expect(episode!.totals.characters).toBe(turns.reduce((n: number, t: { text: string }) => n + [...t.text].length, 0));
    expect(episode!.totals.words).toBe(turns.reduce((n: number, t: { text: string }) => n + t.text.split(/\s+/).filter(Boolean).length, 0));
  });
});

describe("podc stats on a Fountain screenplay", () => {
  it("counts every character's dialogue, with a cast in podc.json", async () => {
    const name = "brick-and-steel.fountain";
    const source = join(ROOT, "test/fixtures/real", name);
    const text = readFileSync(source, "utf8");
    const speakers = new Set<string>();
    for (const element of parse(text, { dialect: "fountain" }).script.body) if (element.type === "Speech") speakers.add(element.speaker.name);
    const cast = Object.fromEntries([...speakers].map((s, i) => [s, DEFAULT_VOICES[i % DEFAULT_VOICES.length]!]));
    const dir = folder({ "podc.json": JSON.stringify({ cast, limits: { voicesPerRequest: 5 } }) });
    copyFileSync(source, join(dir, name));
    const [episode] = (await statsJson(dir, [name])).episodes;
    expect(new Set(episode!.speakers.map((s) => s.speaker))).toEqual(speakers);
    expect(episode!.rows.filter((r) => r.kind === "section").length).toBeGreaterThan(3); // its scene headings
    expectTotalsAreSums(episode!);
  });
});

describe("podc stats with a script that has errors", () => {
  it("prints its diagnostics as check does, counts the others, and exits 1", async () => {
    const dir = folder({ "good.pod": HAND, "bad.pod": "Title: Bad\n\nNOBODY: Who am I?\n" });
    const r = await runPodc(["stats"], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("bad.pod:3:1: error");
    expect(r.stderr).toMatch(/1 error, 0 warnings in 2 scripts/);
    expect(r.stdout).toContain("good.pod — Hand Count");
    expect(r.stdout).not.toContain("bad.pod");
    const json = await runPodc(["stats", "--json"], dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ statsVersion: 1, episodes: [{ source: "good.pod" }], skipped: [{ source: "bad.pod", errors: 1 }] });
  });
});
