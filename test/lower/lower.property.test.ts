import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptSchema, type BodyElement, type LyricItem, type Script, type SpeechPart } from "../../src/ast/nodes.js";
import { codePointLength } from "../../src/source/text.js";
import { lower } from "../../src/lower/lower.js";
import { requestKey } from "../../src/contract/canonical-json.js";
import { spokenText } from "../../src/ast/speech.js";
import { PodcastRequestSchema, SongRequestSchema } from "../../src/contract/requests.js";
import type { Span } from "../../src/source/span.js";
import { CAST, config } from "./build.js";

// Random trees of the right shape, with text full of what makes lowering hard: white space of every
// kind, every sentence terminator, closing quotes, CJK and characters outside the BMP.

const char = fc.constantFrom("a", "b", "Z", "é", " ", " ", "\t", "\u00a0", "\u3000", ".", "!", "?", "…", "。", "！", "？", '"', ")", "中", "😀", ",", "[", "]");
const text = fc.string({ unit: char, maxLength: 80 });

const spanArb: fc.Arbitrary<Span> = fc
  .record({
    line: fc.integer({ min: 1, max: 500 }),
    column: fc.integer({ min: 1, max: 80 }),
    offset: fc.integer({ min: 0, max: 100_000 }),
    length: fc.integer({ min: 0, max: 40 }),
  })
  .map(({ line, column, offset, length }) => ({ start: { line, column, offset }, end: { line, column: column + length, offset: offset + length } }));
const atom = fc.record({ text, span: spanArb });

const part: fc.Arbitrary<SpeechPart> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant("Spoken" as const), span: spanArb, text }) },
  fc.record({ type: fc.constant("Parenthetical" as const), span: spanArb, text }),
  fc.record({ type: fc.constant("Note" as const), span: spanArb, text, terminated: fc.boolean() }),
);

const speaker = fc.constantFrom("HOST", "GUEST", "THIRD", "NOBODY");
const speechArb = fc.record({
  type: fc.constant("Speech" as const),
  span: spanArb,
  form: fc.constantFrom("inline" as const, "cue" as const),
  speaker: fc.record({ name: speaker, span: spanArb, forced: fc.boolean() }),
  parts: fc.array(part, { maxLength: 6 }),
});

const lyricItem: fc.Arbitrary<LyricItem> = fc.oneof(
  fc.record({ type: fc.constant("Lyric" as const), span: spanArb, text }),
  fc.record(
    {
      type: fc.constant("Marker" as const),
      span: spanArb,
      raw: text,
      canonical: fc.option(fc.constantFrom("Verse", "Chorus", "Bridge")),
      number: fc.constantFrom("1", "2"),
      written: text,
    },
    { requiredKeys: ["type", "span", "raw", "canonical", "written"] },
  ),
  fc.record({ type: fc.constant("Note" as const), span: spanArb, text, terminated: fc.boolean() }),
);

const songArb = fc.record(
  {
    type: fc.constant("Song" as const),
    span: spanArb,
    title: atom,
    headers: fc.array(
      fc.record({ type: fc.constant("SongHeader" as const), span: spanArb, key: atom, name: fc.constantFrom("style", "model", "tempo"), value: atom }),
      { maxLength: 3 },
    ),
    items: fc.array(lyricItem, { maxLength: 8 }),
    end: spanArb,
  },
  { requiredKeys: ["type", "span", "title", "headers", "items"] },
);

const element: fc.Arbitrary<BodyElement> = fc.oneof(
  { weight: 6, arbitrary: speechArb },
  fc.record({ type: fc.constant("Section" as const), span: spanArb, depth: fc.integer({ min: 1, max: 3 }), title: atom }),
  fc.record({ type: fc.constant("Direction" as const), span: spanArb, text }),
  fc.record({ type: fc.constant("Note" as const), span: spanArb, text, terminated: fc.boolean() }),
  fc.record({ type: fc.constant("Invalid" as const), span: spanArb, text }),
  songArb,
);

const scriptArb: fc.Arbitrary<Script> = fc.record({
  type: fc.constant("Script" as const),
  span: spanArb,
  body: fc.array(element, { maxLength: 25 }),
  boneyards: fc.constant([]),
});

const limits = fc.record({ turnChars: fc.integer({ min: 1, max: 60 }), turnsPerRequest: fc.integer({ min: 1, max: 12 }) });

describe("lower on random trees", () => {
  it("never throws, keeps every turn within the limits, and builds valid, keyed bodies", () => {
    fc.assert(
      fc.property(scriptArb, limits, (tree, { turnChars, turnsPerRequest }) => {
        ScriptSchema.parse(tree);
        const { plan } = lower(tree, { source: "random.pod", config: config({ turnChars, turnsPerRequest }), cast: CAST });
        for (const request of plan.requests) {
          expect(request.key).toBe(requestKey(request.method, request.path, request.body));
          if (request.kind === "podcast") {
            PodcastRequestSchema.parse(request.body);
            expect(request.body.conversations.length).toBeLessThanOrEqual(turnsPerRequest);
            for (const turn of request.body.conversations) {
              expect(codePointLength(turn.text)).toBeLessThanOrEqual(turnChars);
              expect(turn.text).toBe(turn.text.trim());
            }
          } else {
            SongRequestSchema.parse(request.body);
            expect(request.body.lyrics).toBe(request.body.lyrics.trim() === "" ? "" : request.body.lyrics.replace(/^\n+|\n+$/g, ""));
            expect(request.body.lyrics).not.toMatch(/[^\S\n]\n|\n\n\n|[^\S\n]$/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("sends every spoken character of every speaker with a voice, in order", () => {
    fc.assert(
      fc.property(scriptArb, limits, (tree, { turnChars, turnsPerRequest }) => {
        const { plan } = lower(tree, { source: "random.pod", config: config({ turnChars, turnsPerRequest }), cast: CAST });
        const sent = plan.requests.flatMap((r) => (r.kind === "podcast" ? r.body.conversations.map((t) => t.text) : [])).join("");
        const spoken = tree.body.flatMap((e) => (e.type === "Speech" && CAST.has(e.speaker.name) ? [spokenText(e)] : [])).join("");
        expect(sent.replace(/\s/g, "")).toBe(spoken.replace(/\s/g, ""));
      }),
      { numRuns: 300 },
    );
  });
});
