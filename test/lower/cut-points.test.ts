import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutTurns, type CutTurn } from "../../src/lower/cut-points.js";
import "../property-seed.js";

// Where a section's turns are cut into requests decides what an edit re-bills: a cut must follow from the turns near
// it, never from where the section starts, and stay within the service's limits whatever the turns are.

const two = (count: number, prefix = "Line"): CutTurn[] =>
  Array.from({ length: count }, (_, i) => ({ voice: i % 2 === 0 ? "Ethan" : "Luna", text: `${prefix} ${i}.` }));

const limits = { turnsPerRequest: 10, voicesPerRequest: 2 };

const turnsArbitrary = fc.array(fc.record({ voice: fc.constantFrom("Ethan", "Luna", "Jake"), text: fc.string({ minLength: 1, maxLength: 12 }) }), {
  maxLength: 60,
});

describe("cutTurns", () => {
  it("covers every turn once, in order, each request within the turn and voice limits", () => {
    fc.assert(
      fc.property(turnsArbitrary, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 3 }), (turns, turnsPerRequest, voicesPerRequest) => {
        const cuts = cutTurns(turns, { turnsPerRequest, voicesPerRequest });
        let at = 0;
        for (const cut of cuts) {
          expect(cut.from).toBe(at);
          expect(cut.to).toBeGreaterThan(cut.from);
          expect(cut.to - cut.from).toBeLessThanOrEqual(turnsPerRequest);
          expect(new Set(turns.slice(cut.from, cut.to).map((t) => t.voice)).size).toBeLessThanOrEqual(voicesPerRequest);
          at = cut.to;
        }
        expect(at).toBe(turns.length);
        expect(cuts[0]?.after).toBeUndefined();
        for (const cut of cuts.slice(1)) expect(cut.after).toBeDefined();
      }),
    );
  });

  it("cuts a section the same wherever it starts: the requests after an edit's next content cut are the same", () => {
    fc.assert(
      fc.property(turnsArbitrary, turnsArbitrary, turnsArbitrary, (before, edited, after) => {
        const tail = (head: CutTurn[]) => {
          const cuts = cutTurns([...head, ...after], limits);
          // The requests wholly after the first content cut at or past the head's end.
          const first = cuts.findIndex((c) => c.to >= head.length && cuts[cuts.indexOf(c) + 1]?.after === "content");
          return first < 0 ? undefined : cuts.slice(first + 1).map((c) => JSON.stringify([...head, ...after].slice(c.from, c.to)));
        };
        const a = tail(before);
        const b = tail(edited);
        if (a === undefined || b === undefined) return;
        // Both settle on the same content cuts in `after`: the shorter list is the end of the longer.
        const [short, long] = a.length <= b.length ? [a, b] : [b, a];
        expect(long.slice(long.length - short.length)).toEqual(short);
      }),
    );
  });

  it("sends a section that fits in one request as one", () => {
    expect(cutTurns(two(10), limits)).toEqual([{ from: 0, to: 10 }]);
    expect(cutTurns([], limits)).toEqual([]);
  });

  it("is the same for the same turns, and says what cut each request", () => {
    const turns = two(40);
    expect(cutTurns(turns, limits)).toEqual(cutTurns(two(40), limits));
    const cuts = cutTurns(turns, limits);
    expect(cuts.length).toBeGreaterThan(4); // fuller requests than one in ten turns would be cut less stably
    expect(new Set(cuts.slice(1).map((c) => c.after))).toContain("content");
  });

  it("cuts at the turn limit where no turn is a content cut point", () => {
    // Turns that end no request by their content: at a limit of one turn, what ends their request is the limit.
    const plain = two(400, "Plain").filter((t) => cutTurns([t, t], { turnsPerRequest: 1, voicesPerRequest: 2 })[1]?.after === "turnsPerRequest");
    const run = plain.filter((t) => t.voice === "Ethan").slice(0, 25);
    const cuts = cutTurns(run, limits);
    expect(cuts.every((c) => c.to - c.from <= 10)).toBe(true);
    expect(cuts.slice(1).every((c) => c.after === "turnsPerRequest")).toBe(true);
    expect(cuts.length).toBeGreaterThanOrEqual(3);
  });
});
