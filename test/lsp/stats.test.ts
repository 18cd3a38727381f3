import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { STATS_REQUEST } from "../../src/lsp/stats.js";
import { episodeStats, type EpisodeStats } from "../../src/stats/episode-stats.js";
import { startClient, type TestClient } from "./client.js";

// The editor's Characters view and status bar ask the server for podc stats' figures of the document they show: the
// same figures as `podc stats`, and still there while the script has a mistake in it.

const URI = "untitled:stats.pod";
const TEXT = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n# One\n\nHOST: Welcome to the show, everyone.\nGUEST: Thanks.\nHOST: Let us begin.\n";

let client: TestClient;
beforeAll(async () => {
  client = await startClient();
  await client.open(URI, TEXT);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

describe("podc/stats", () => {
  it("answers with the figures podc stats counts, per speaker with its voice", async () => {
    const stats = await client.request<EpisodeStats>(STATS_REQUEST, { textDocument: { uri: URI } });
    const analysis = analyze(TEXT, { file: URI, config: defaultConfig() });
    expect(stats).toEqual(episodeStats(analysis.plan!, analysis.script.body, defaultConfig()));
    expect(stats.speakers.map((s) => [s.speaker, s.voice, s.turns, s.words])).toEqual([
      ["HOST", "Ethan", 2, 8],
      ["GUEST", "Victoria", 1, 1],
    ]);
  });

  it("keeps counting the cast speakers while an uncast one is being written, and answers null for an unknown document", async () => {
    const uri = "untitled:typing.pod";
    await client.open(uri, TEXT + "DJ: Hi.\n");
    const stats = await client.request<EpisodeStats>(STATS_REQUEST, { textDocument: { uri } });
    expect(stats.speakers.map((s) => s.speaker)).toEqual(["HOST", "GUEST"]);
    expect(await client.request(STATS_REQUEST, { textDocument: { uri: "untitled:never-opened.pod" } })).toBeNull();
  });
});
