/*
 * The pronunciation lexicon: the voice is sent the respelling, whole words in any case; the transcript keeps the word
 * as written; a lexicon change re-bills exactly the requests that hold the word; entries that cannot work are warned
 * at their place in podc.json.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { parseConfig } from "../../src/config/load.js";
import { defaultConfig } from "../../src/config/schema.js";
import { cues } from "../../src/episode/cues.js";
import { timeline } from "../../src/episode/timeline.js";
import { makeLexicon, respell } from "../../src/language/lexicon.js";
import type { PlannedPodcast } from "../../src/lower/plan.js";

describe("respelling", () => {
  const lexicon = makeLexicon({ Nguyen: "Win", "Saoirse Ronan": "Sur-sha Ro-nan", Saoirse: "Sur-sha", "C++": "C plus plus" });
  it.each([
    ["Mr Nguyen said hello.", "Mr Win said hello."],
    ["NGUYEN and nguyen", "Win and Win"],
    ["Nguyens and Nguyen's", "Nguyens and Win's"],
    ["Saoirse  Ronan met Saoirse.", "Sur-sha Ro-nan met Sur-sha."],
    ["I write C++ daily.", "I write C plus plus daily."],
    ["Nothing here.", "Nothing here."],
  ])("%s → %s", (text, said) => expect(respell(text, lexicon)).toBe(said));
});

const SCRIPT = `Title: T
Cast:
    HOST: Ethan
    GUEST: Victoria

# One

HOST: Tonight our guest is Dr Nguyen.
GUEST: Thank you for having me.

# Two

HOST: The harbour was quiet.
GUEST: It always is in winter.
`;

function planWith(lexicon?: Record<string, string>) {
  const config = defaultConfig();
  if (lexicon) config.speech = { ...config.speech, lexicon };
  const analysis = analyze(Buffer.from(SCRIPT), { file: "t.pod", config });
  expect(analysis.diagnostics).toEqual([]);
  return analysis.plan!.requests as PlannedPodcast[];
}

describe("the lexicon in the plan", () => {
  it("sends the respelling and keeps the written turn beside it; a request without the word is as without a lexicon", () => {
    const before = planWith();
    const after = planWith({ nguyen: "Win" });
    expect(after[0]!.body.conversations[0]!.text).toBe("Tonight our guest is Dr Win.");
    expect(after[0]!.written).toEqual(["Tonight our guest is Dr Nguyen.", "Thank you for having me."]);
    expect(after[1]!.written).toBeUndefined();
    // Re-billed: exactly the request holding the word.
    expect(after.map((r, i) => r.key === before[i]!.key)).toEqual([false, true]);
    const changed = planWith({ nguyen: "Nuh-win" });
    expect(changed.map((r, i) => r.key === after[i]!.key)).toEqual([false, true]);
  });

  it("the transcript shows the word as written", async () => {
    const [request] = planWith({ nguyen: "Win" });
    const one: PlannedPodcast = { ...request!, body: { conversations: request!.body.conversations.slice(0, 1) }, written: request!.written!.slice(0, 1) };
    const line = timeline([{ request: one, path: "/nonexistent.wav", durationMs: 3000 }], defaultConfig().build);
    const list = await cues(line, { wordsPerMinute: 150, ffmpeg: "ffmpeg" });
    expect(list.map((c) => c.text)).toEqual(["Tonight our guest is Dr Nguyen."]);
  });
});

describe("lexicon entries that cannot work", () => {
  it("warns, at the entry in podc.json, of one that changes nothing and of one whose respelling the lexicon would respell", () => {
    const text = '{\n  "speech": {\n    "lexicon": { "Nguyen": "NGUYEN", "Siobhan": "Shiv-awn", "Shiv": "Sheev", "Reykjavik": "Rake-ya-veek" }\n  }\n}\n';
    const loaded = parseConfig(text, "podc.json");
    expect(loaded.diagnostics.map((d) => [d.code, d.span.start.line, text.slice(d.span.start.offset, d.span.end.offset)])).toEqual([
      ["POD0904", 3, '"NGUYEN"'],
      ["POD0905", 3, '"Shiv-awn"'],
    ]);
  });
});
