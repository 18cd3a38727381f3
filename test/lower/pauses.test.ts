/*
 * Pauses in the plan: a pause is silence in the episode, never text for a voice, and never a cut of the request. Between
 * two speakers' turns it changes no request key, so writing it or changing its length is never paid again.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import type { PlannedPodcast, PlannedRequest } from "../../src/lower/plan.js";
import { lineFates } from "../../src/ast/line-fates.js";
import { directionTagMap } from "../../src/ast/speech.js";
import { episodeStats } from "../../src/stats/episode-stats.js";

const HEAD = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n";

function planOf(body: string): PlannedRequest[] {
  const analysis = analyze(Buffer.from(HEAD + body), { file: "t.pod", config: defaultConfig() });
  expect(analysis.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  return analysis.plan!.requests;
}
const codesOf = (body: string) => analyze(Buffer.from(HEAD + body), { file: "t.pod", config: defaultConfig() }).diagnostics.map((d) => d.code);

describe("pauses in the plan", () => {
  it("a pause between two speakers is kept beside the request, and the request's key is the one without it", () => {
    const without = planOf("HOST: Was it?\nGUEST: Everything is personal.\n");
    const withPause = planOf("HOST: Was it?\nGUEST: (pause 2s) Everything is personal.\n");
    const longer = planOf("HOST: Was it?\n(pause 5s)\nGUEST: Everything is personal.\n");
    expect(withPause.map((r) => r.key)).toEqual(without.map((r) => r.key));
    expect(longer.map((r) => r.key)).toEqual(without.map((r) => r.key));
    expect((withPause[0] as PlannedPodcast).pauses).toEqual([{ beforeTurn: 1, ms: 2000 }]);
    expect((longer[0] as PlannedPodcast).pauses).toEqual([{ beforeTurn: 1, ms: 5000 }]);
    expect(JSON.stringify(withPause[0]!.body)).not.toContain("pause");
  });

  it("a pause inside one speaker's speech ends the turn: the lines after it are a turn of their own", () => {
    const [request] = planOf("HOST: And the keeper?\n(beat)\nNobody asked him.\n") as PlannedPodcast[];
    expect(request!.body.conversations).toEqual([
      { text: "And the keeper?", voice: "Ethan" },
      { text: "Nobody asked him.", voice: "Ethan" },
    ]);
    expect(request!.pauses).toEqual([{ beforeTurn: 1, ms: 1000 }]);
    // Without the pause the two lines are one turn, as before.
    expect((planOf("HOST: And the keeper?\nNobody asked him.\n")[0] as PlannedPodcast).body.conversations).toHaveLength(1);
  });

  it("pauses in a row add up; a pause after a segment goes before the next request, a song included", () => {
    const requests = planOf(
      "HOST: One.\n(pause 1s)\n(beat)\nGUEST: Two.\n(pause 4 seconds)\n\nSONG: Coda\nStyle: ambient\n[Instrumental]\nEND SONG\n\n# Next\n\nHOST: (pause 500ms) Three.\n",
    );
    expect((requests[0] as PlannedPodcast).pauses).toEqual([{ beforeTurn: 1, ms: 2000 }]);
    expect(requests[1]!.kind).toBe("song");
    expect(requests[1]!.pauseBeforeMs).toBe(4000);
    expect(requests[2]!.pauseBeforeMs).toBe(500);
  });

  it("a speech of a pause alone is no empty speech; a pause with nothing after it is reported", () => {
    expect(codesOf("HOST: Hello.\nGUEST: (beat)\nHOST: Hello again.\n")).toEqual([]);
    expect(codesOf("HOST: Hello.\n(pause 2s)\n")).toEqual(["POD0903"]);
  });

  it("check and compile report the same: a pause that cannot be read, or typed inside a line", () => {
    expect(codesOf("HOST: Wait.\n(pause 3)\nThere.\n")).toEqual(["POD0901"]);
    expect(codesOf("HOST: Wait (beat) there.\n")).toEqual(["POD0902"]);
    // Other parentheticals are directions: nothing reported, nothing sent.
    expect(codesOf("HOST: (whispering) Wait.\n")).toEqual([]);
  });
});

describe("other parentheticals", () => {
  const SCRIPT = "HOST: (whispering) Come closer.\n(beat)\n(Dryly)\nCloser.\n";
  const configWith = (directionTags?: Record<string, string>) => ({
    ...defaultConfig(),
    speech: { ...defaultConfig().speech, ...(directionTags ? { directionTags } : {}) },
  });

  it("are not sent by default, and are sent as the voices' own tag where speech.directionTags maps them (keys ignore case)", () => {
    const plain = analyze(Buffer.from(HEAD + SCRIPT), { file: "t.pod", config: configWith() });
    expect((plain.plan!.requests[0] as PlannedPodcast).body.conversations.map((t) => t.text)).toEqual(["Come closer.", "Closer."]);
    const tagged = analyze(Buffer.from(HEAD + SCRIPT), { file: "t.pod", config: configWith({ Whispering: "[whispers]" }) });
    expect(tagged.diagnostics).toEqual([]);
    expect((tagged.plan!.requests[0] as PlannedPodcast).body.conversations.map((t) => t.text)).toEqual(["[whispers] Come closer.", "Closer."]);
  });

  it("have their fate: a pause is silence, a mapped one spoken as its tag, any other not rendered", () => {
    const analysis = analyze(Buffer.from(HEAD + SCRIPT), { file: "t.pod", config: configWith() });
    const fates = lineFates(analysis.script, analysis.source.lineCount, (s) => analysis.cast.get(s)?.voice, directionTagMap({ whispering: "[whispers]" }));
    expect(fates.slice(5, 9)).toEqual([
      { kind: "spoken", speaker: "HOST", voice: "Ethan", text: "Come closer." },
      { kind: "pause", ms: 1000, speaker: "HOST" },
      { kind: "silent", reason: "parenthetical", speaker: "HOST" },
      { kind: "spoken", speaker: "HOST", voice: "Ethan", text: "Closer." },
    ]);
    const stats = episodeStats(analysis.plan!, analysis.script.body, configWith({ whispering: "[whispers]" }));
    expect(stats.directions).toEqual({ pauses: { count: 1, ms: 1000 }, tagged: 1, notRendered: [{ line: 8, speaker: "HOST", text: "Dryly" }] });
  });
});
