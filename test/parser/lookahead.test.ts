import { EOF, LLkLookaheadStrategy, type IToken } from "chevrotain";
import { expect, it } from "vitest";
import { PodGrammar } from "../../src/parser/grammar.js";
import { allTokens } from "../../src/parser/tokens.js";

type Decisions = Map<number, (this: unknown, alts?: unknown) => unknown>;

// The grammar's own lookahead (FirstTokenLookahead) must decide every choice as chevrotain's LL(k) analysis does.
it("every choice of the grammar is decided as chevrotain's own analysis decides it", () => {
  const ours = (new PodGrammar() as unknown as { lookAheadFuncsCache: Decisions }).lookAheadFuncsCache;
  const theirs = (new PodGrammar(new LLkLookaheadStrategy()) as unknown as { lookAheadFuncsCache: Decisions }).lookAheadFuncsCache;
  expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
  let compared = 0;
  for (const [key, decide] of ours) {
    for (const type of [...allTokens, EOF]) {
      const token = { tokenType: type, tokenTypeIdx: type.tokenTypeIdx, image: "" } as IToken;
      const next = { LA: () => token, LA_FAST: () => token };
      // chevrotain's alternation functions read the alternatives' GATEs; the grammar has none.
      const alts = [{}, {}, {}, {}, {}, {}, {}, {}];
      expect(decide.call(next, alts), `decision ${key} on ${type.name}`).toEqual(theirs.get(key)!.call(next, alts));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(100);
});

// The grammar ends chevrotain's recording phase its own way (disableRecording, to keep the parser a fast object): every
// parsing method must be the parser's real one again, none of the recording ones chevrotain installed.
it("leaves no recording method behind on the parser after its self-analysis", () => {
  const grammar = new PodGrammar() as unknown as Record<string, unknown> & { RECORDING_PHASE: boolean };
  expect(grammar.RECORDING_PHASE).toBe(false);
  const methods = Object.getPrototypeOf(grammar) as Record<string, unknown>;
  const recording = Object.keys(grammar).filter((name) => typeof grammar[name] === "function" && String(grammar[name]).includes("InternalRecord"));
  expect(recording).toEqual([]);
  for (const name of ["CONSUME", "SUBRULE9", "OR", "MANY_SEP3", "AT_LEAST_ONE", "consume", "or", "ACTION", "LA"]) {
    expect(grammar[name], name).toBe(methods[name]);
  }
});
