import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generate, SHAPE_NAMES } from "../../bench/lib/inputs.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/defaults.js";
import { importScreenplay } from "../../src/import/index.js";
import type { Plan, PlannedRequest } from "../../src/lower/plan.js";
import { needsNoEscape } from "../../src/contract/canonical-json.js";
import { isEscapeFree } from "../../src/lower/escape-free.js";
import { PlanJson } from "../../src/lower/plan-json.js";
import { podcastRequests, type LoweredTurn } from "../../src/lower/podcast.js";

// `podc compile` prints the plan through PlanJson, a batch of requests at a time and podcast requests by hand; what it
// prints must be, byte for byte, what JSON.stringify(plan, null, 2) writes, keys included.

const ROOT = join(import.meta.dirname, "..", "..");
const REAL = join(ROOT, "test", "fixtures", "real");
// Our scripts; real lyrics; and screenplays nobody on the team wrote, as `podc import` turns them into .pod.
const scripts: [string, string][] = [
  ...["test/fixtures/golden", "examples", "test/fixtures/real/lyrics"].flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith(".pod"))
      .map((f): [string, string] => [`${dir}/${f}`, readFileSync(join(ROOT, dir, f), "utf8")]),
  ),
  ...readdirSync(REAL)
    .filter((f) => /\.(fountain|fdx)$/.test(f))
    .map((f): [string, string] => [`imported ${f}`, importScreenplay(readFileSync(join(REAL, f)), f, defaultConfig()).text ?? ""]),
  ...SHAPE_NAMES.map((shape): [string, string] => [`bench ${shape}`, generate(shape, 150_000)]),
];

function printed(plan: Plan, batches: PlannedRequest[][]): string {
  const json = new PlanJson();
  for (const batch of batches) json.add(batch);
  return json.pieces(plan).join("");
}

describe("the plan as podc compile prints it", () => {
  it.each(scripts)("%s: is JSON.stringify's text of the plan, streamed or whole", (name, text) => {
    const config = defaultConfig();
    const whole = analyze(text, { file: name, config });
    const batches: PlannedRequest[][] = [];
    const streamed = analyze(text, { file: name, config, tree: false, onRequests: (requests) => batches.push(requests) });
    // Golden scripts include ones with errors; every other script here compiles to requests.
    if (!name.startsWith("test/fixtures/golden")) expect(whole.plan?.requests.length).toBeGreaterThan(0);
    if (!whole.plan) {
      expect(streamed.plan).toBeUndefined();
      return;
    }
    const expected = JSON.stringify(whole.plan, null, 2);
    expect(streamed.plan?.requests).toEqual([]);
    expect(printed(streamed.plan!, batches)).toBe(expected);
    expect(printed(whole.plan, [])).toBe(expected);
  });

  it("is JSON.stringify's text for hostile text, voices, speakers, sections and titles", () => {
    const hostile = fc.string({
      unit: fc.constantFrom("a", " ", '"', "\\", "\n", "\u0000", "\u001f", "\u2028", "\ud800", "\udfff", "😀", "中", "}", "[", ":"),
      maxLength: 12,
    });
    const turn = fc.record({ text: hostile, voice: hostile, speaker: hostile, line: fc.nat() });
    fc.assert(
      fc.property(
        fc.array(fc.array(turn, { maxLength: 6 }), { maxLength: 4 }),
        fc.option(hostile, { nil: undefined }),
        fc.option(hostile, { nil: undefined }),
        fc.integer({ min: 1, max: 4 }),
        (segments: LoweredTurn[][], section, title, turnsPerRequest) => {
          const requests = segments.flatMap((turns) => podcastRequests(turns, { turnsPerRequest, voicesPerRequest: 2 }, section));
          const plan: Plan = title === undefined ? { source: "a.pod", requests } : { source: "a.pod", title, requests };
          const expected = JSON.stringify(plan, null, 2);
          expect(printed(plan, [])).toBe(expected);
          expect(printed({ ...plan, requests: [] }, [requests.slice(0, 1), requests.slice(1)])).toBe(expected);
          // As lowering makes them, with the texts that need no escape known: bodies of only those are marked.
          const known = segments.flatMap((turns) =>
            podcastRequests(
              turns.map((turn) => ({ ...turn, escapeFree: needsNoEscape(turn.text) })),
              { turnsPerRequest, voicesPerRequest: 2 },
              section,
            ),
          );
          expect(printed({ ...plan, requests: known }, [])).toBe(expected);
        },
      ),
    );
  });

  it("escapes a quote in a turn merged into a plain one, and marks only bodies whose every text needs no escape", () => {
    const script = ["Cast:", "    HOST: Ethan", "    GUEST: Luna", "", "HOST: Plain words.", 'HOST: He said "hi" \\ twice.', "GUEST: Plain too.", ""].join(
      "\n",
    );
    const requests: PlannedRequest[] = [];
    const json = new PlanJson();
    const analysis = analyze(script, {
      file: "a.pod",
      config: defaultConfig(),
      onRequests: (made) => {
        requests.push(...made);
        json.add(made);
      },
    });
    const plan = analysis.plan!;
    expect(json.pieces(plan).join("")).toBe(JSON.stringify({ ...plan, requests }, null, 2));
    const [request] = requests;
    expect(request?.kind === "podcast" && request.body.conversations.map((turn) => turn.text)).toEqual(['Plain words. He said "hi" \\ twice.', "Plain too."]);
    expect(request?.kind === "podcast" && isEscapeFree(request.body)).toBe(false);
    const plain = podcastRequests(
      [{ text: "Plain.", voice: "Ethan", speaker: "HOST", line: 1, escapeFree: true }],
      { turnsPerRequest: 10, voicesPerRequest: 2 },
      undefined,
    );
    expect(isEscapeFree(plain[0]!.body)).toBe(true);
  });

  it("is printed once: a second print, or a request added after it, is a programming error, not a doubled plan", () => {
    const json = new PlanJson();
    const plan: Plan = { source: "a.pod", requests: [] };
    json.pieces(plan);
    expect(() => json.pieces(plan)).toThrow(/printed once/);
    expect(() => json.add([])).toThrow(/already printed/);
  });

  it("prints a plan without requests as JSON.stringify does", () => {
    const plan: Plan = { source: 'odd "requests": [] name.pod', title: '"requests": []', requests: [] };
    expect(printed(plan, [])).toBe(JSON.stringify(plan, null, 2));
  });
});
