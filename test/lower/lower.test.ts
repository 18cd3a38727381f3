import { describe, expect, it } from "vitest";
import { lower } from "../../src/lower/lower.js";
import type { PlannedPodcast, PlannedSong } from "../../src/lower/plan.js";
import { requestKey } from "../../src/contract/canonical-json.js";
import { PodcastRequestSchema, SongRequestSchema } from "../../src/contract/requests.js";
import { CAST, config, direction, marker, note, paren, script, section, song, speech, spoken } from "./build.js";

// The example of the language specification, line for line.
const nightShift = script(
  [
    section("Cold open", 8),
    speech("HOST", ["Welcome back to The Night Shift."], 10),
    speech("GUEST", [paren("laughing", 11, 8), spoken("Thanks for having me.", 11, 19)], 11),
    speech("HOST", ["Tonight we talk about the people", "who keep the city running while it sleeps."], 12),
    note("check the pronunciation of Reykjavik", 15),
    speech("GUEST", [paren("quietly", 18), spoken("I worked nights for eleven years.", 19)], 17),
    song(
      "Night Shift Anthem",
      {
        style: "synthwave, 110 bpm, melancholic, female vocals",
        items: [
          marker("Verse", "Verse"),
          "Neon lights across the floor",
          "Coffee cups and closing doors",
          marker("Chorus", "Chorus"),
          "We're the night shift, we're alive",
        ],
      },
      21,
    ),
    section("Interview", 32),
    direction("Sound: a door closes.", 34),
    speech("HOST", ["So, how did it start?"], 35),
  ],
  { Title: "The Night Shift", Episode: "12", Model: "auto" },
);

function podcast(conversations: Array<[string, string]>, origin: PlannedPodcast["origin"]): PlannedPodcast {
  const body = { conversations: conversations.map(([text, voice]) => ({ text, voice })) };
  const speakers = conversations.map(([, voice]) => [...CAST].find(([, v]) => v === voice)![0]);
  return { key: requestKey("POST", "/v1/tts/podcast", body), kind: "podcast", method: "POST", path: "/v1/tts/podcast", body, origin, speakers };
}

function songRequest(body: PlannedSong["body"], origin: PlannedSong["origin"]): PlannedSong {
  return { key: requestKey("POST", "/v1/song/generate", body), kind: "song", method: "POST", path: "/v1/song/generate", body, origin };
}

describe("lower", () => {
  it("lowers the specification's example", () => {
    const { plan, diagnostics } = lower(nightShift, { source: "episodes/ep12.pod", config: config(), cast: CAST });
    expect(diagnostics).toEqual([]);
    expect(plan).toStrictEqual({
      source: "episodes/ep12.pod",
      title: "The Night Shift",
      requests: [
        podcast(
          [
            ["Welcome back to The Night Shift.", "Ethan"],
            ["Thanks for having me.", "Victoria"],
            ["Tonight we talk about the people who keep the city running while it sleeps.", "Ethan"],
            ["I worked nights for eleven years.", "Victoria"],
          ],
          { line: 10, section: "Cold open" },
        ),
        songRequest(
          {
            lyrics: "[Verse]\nNeon lights across the floor\nCoffee cups and closing doors\n\n[Chorus]\nWe're the night shift, we're alive",
            model: "auto",
            prompt: "synthwave, 110 bpm, melancholic, female vocals",
          },
          { line: 21, section: "Cold open", song: "Night Shift Anthem" },
        ),
        podcast([["So, how did it start?", "Ethan"]], { line: 35, section: "Interview" }),
      ],
    });
  });

  it("builds bodies with exactly the service's keys, in order, valid for the service schemas", () => {
    const { plan } = lower(nightShift, { source: "x.pod", config: config(), cast: CAST });
    for (const request of plan.requests) {
      if (request.kind === "podcast") {
        expect(Object.keys(request.body)).toEqual(["conversations"]);
        for (const turn of request.body.conversations) expect(Object.keys(turn)).toEqual(["text", "voice"]);
        expect(() => PodcastRequestSchema.parse(request.body)).not.toThrow();
      } else {
        expect(Object.keys(request.body)).toEqual(["lyrics", "model", "prompt"]);
        expect(() => SongRequestSchema.parse(request.body)).not.toThrow();
      }
    }
  });

  it("gives the same keys every time, and the same key to equal requests", () => {
    const first = lower(nightShift, { source: "a.pod", config: config(), cast: CAST }).plan.requests.map((r) => r.key);
    const again = lower(nightShift, { source: "b.pod", config: config(), cast: CAST }).plan.requests.map((r) => r.key);
    expect(again).toEqual(first);
    const twice = script([section("A"), speech("HOST", ["Hi."], 2), section("B", 3), speech("HOST", ["Hi."], 4)]);
    const [a, b] = lower(twice, { source: "x.pod", config: config(), cast: CAST }).plan.requests;
    expect(a?.key).toBe(b?.key);
    expect(a?.origin).not.toEqual(b?.origin);
  });

  it("leaves the title out when the title page has none", () => {
    const { plan } = lower(script([speech("HOST", ["Hi."])], { Author: "Me" }), { source: "x.pod", config: config(), cast: CAST });
    expect(Object.keys(plan)).toEqual(["source", "requests"]);
    expect(lower(script([]), { source: "y.pod", config: config(), cast: CAST }).plan).toStrictEqual({ source: "y.pod", requests: [] });
  });

  it("cuts podcast requests within turnsPerRequest turns, 10 by default, each starting at its first turn's line", () => {
    const body = Array.from({ length: 23 }, (_, i) => speech(i % 2 === 0 ? "HOST" : "GUEST", [`Line ${i}.`], i + 1));
    const requests = (turnsPerRequest?: number) =>
      lower(script(body), { source: "x.pod", config: config(turnsPerRequest === undefined ? {} : { turnsPerRequest }), cast: CAST }).plan.requests.flatMap(
        (r) => (r.kind === "podcast" ? [r] : []),
      );
    for (const limit of [undefined, 4]) {
      const made = requests(limit);
      expect(made.flatMap((r) => r.body.conversations.map((t) => t.text))).toEqual(body.map((_, i) => `Line ${i}.`));
      for (const r of made) expect(r.body.conversations.length).toBeLessThanOrEqual(limit ?? 10);
      expect(made.map((r) => r.origin.line)).toEqual(made.map((r) => Number(/\d+/.exec(r.body.conversations[0]!.text)![0]) + 1));
    }
    expect(requests(4).length).toBeGreaterThanOrEqual(6);
  });

  it("applies the configured turn limit", () => {
    const { plan, diagnostics } = lower(script([speech("HOST", ["One. Two. Three."])]), { source: "x.pod", config: config({ turnChars: 9 }), cast: CAST });
    expect(plan.requests[0]?.body).toEqual({
      conversations: [
        { text: "One. Two.", voice: "Ethan" },
        { text: "Three.", voice: "Ethan" },
      ],
    });
    expect(diagnostics).toEqual([]);
  });

  it("does not merge speeches across a section heading", () => {
    const { plan } = lower(script([speech("HOST", ["One."], 1), section("Next", 2), speech("HOST", ["Two."], 3)]), {
      source: "x.pod",
      config: config(),
      cast: CAST,
    });
    expect(plan.requests.map((r) => r.body)).toEqual([
      { conversations: [{ text: "One.", voice: "Ethan" }] },
      { conversations: [{ text: "Two.", voice: "Ethan" }] },
    ]);
  });

  it("picks the song model from the song, the title page, the configuration, in that order", () => {
    const models = (titlePage: Record<string, string> | undefined, configModel: string) =>
      lower(script([song("S", { style: "pop", model: "mureka-7" }), song("T", { style: "pop" })], titlePage), {
        source: "x.pod",
        config: config({}, configModel),
        cast: CAST,
      }).plan.requests.map((r) => (r.kind === "song" ? r.body.model : ""));
    expect(models({ Model: "mureka-6" }, "mureka-5")).toEqual(["mureka-7", "mureka-6"]);
    expect(models(undefined, "mureka-5")).toEqual(["mureka-7", "mureka-5"]);
    expect(models(undefined, "auto")).toEqual(["mureka-7", "auto"]);
  });

  it("gives a song before any section an origin without a section", () => {
    const { plan } = lower(script([song("Jingle", { style: " pop ,, upbeat " }, 4)]), { source: "x.pod", config: config(), cast: CAST });
    expect(plan.requests[0]?.origin).toStrictEqual({ line: 4, song: "Jingle" });
    expect(plan.requests[0]?.body).toMatchObject({ prompt: "pop, upbeat" });
  });

  it("skips songs without a style or without lyric lines, which the checks report", () => {
    const body = [song("No style", {}), song("Blank style", { style: " , " }), song("No lyrics", { style: "pop", items: [] })];
    const { plan, diagnostics } = lower(script(body), { source: "x.pod", config: config(), cast: CAST });
    expect(plan.requests).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it("reports its warnings in script order", () => {
    const body = [speech("HOST", [paren("coughs")], 1), speech("GUEST", ["abcdefghijkl"], 2), section("S", 3), speech("HOST", [note("x", 4)], 4)];
    const { diagnostics } = lower(script(body), { source: "x.pod", config: config({ turnChars: 5 }), cast: CAST });
    expect(diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([
      ["POD0601", 1],
      ["POD0602", 2],
      ["POD0601", 4],
    ]);
  });

  it("gives a third voice a new request, in order", () => {
    const body = [speech("HOST", ["a"]), speech("GUEST", ["b"]), speech("THIRD", ["c"])];
    const { plan } = lower(script(body), { source: "x.pod", config: config(), cast: CAST });
    expect(plan.requests.map((r) => r.body)).toEqual([
      {
        conversations: [
          { text: "a", voice: "Ethan" },
          { text: "b", voice: "Victoria" },
        ],
      },
      { conversations: [{ text: "c", voice: "Luna" }] },
    ]);
  });

  // A guard against quadratic work: at 1 MB it would take minutes, not the second this takes.
  it("lowers a one-megabyte speech in linear time", { timeout: 300_000 }, () => {
    const words = "word ".repeat(200_000);
    const noSpace = "x".repeat(1_000_000);
    const { plan, diagnostics } = lower(script([speech("HOST", [words]), speech("GUEST", [noSpace])]), { source: "x.pod", config: config(), cast: CAST });
    const turns = plan.requests.flatMap((r) => (r.kind === "podcast" ? r.body.conversations : []));
    expect(turns.length).toBe(2500 + 2500);
    expect(diagnostics.map((d) => d.code)).toEqual(["POD0602", "POD0602"]);
  });
});
