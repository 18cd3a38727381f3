import { describe, expect, it } from "vitest";
import { segmentTurns } from "../../src/lower/lower.js";
import { CAST, paren, speech } from "./build.js";

const texts = (result: ReturnType<typeof segmentTurns>) => result.turns.map((turn) => turn.text);

describe("segmentTurns", () => {
  it("makes one turn per speech with the speaker's voice and line", () => {
    const result = segmentTurns([speech("HOST", ["Hello."], 3), speech("GUEST", ["Hi."], 4)], CAST, 400);
    expect(result.turns).toEqual([
      { text: "Hello.", voice: "Ethan", speaker: "HOST", line: 3 },
      { text: "Hi.", voice: "Victoria", speaker: "GUEST", line: 4 },
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("warns about an empty speech on its speaker label and makes no turn", () => {
    const empty = speech("GUEST", [paren("nods", 2)], 2);
    const result = segmentTurns([speech("HOST", ["Hello."], 1), empty], CAST, 400);
    expect(texts(result)).toEqual(["Hello."]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "POD0601", severity: "warning", span: empty.speaker.span });
    expect(result.diagnostics[0]?.message).toContain("GUEST");
  });

  it("merges consecutive speeches by one speaker when the merged text fits", () => {
    const result = segmentTurns([speech("HOST", ["One."], 1), speech("HOST", ["Two."], 2), speech("GUEST", ["Three."], 3)], CAST, 9);
    expect(result.turns).toEqual([
      { text: "One. Two.", voice: "Ethan", speaker: "HOST", line: 1 },
      { text: "Three.", voice: "Victoria", speaker: "GUEST", line: 3 },
    ]);
  });

  it("does not merge when the merged text would not fit", () => {
    const result = segmentTurns([speech("HOST", ["One."], 1), speech("HOST", ["Two."], 2)], CAST, 8);
    expect(texts(result)).toEqual(["One.", "Two."]);
  });

  it("does not merge speeches by different speakers, even with the same voice", () => {
    const cast = new Map([...CAST, ["NARRATOR", "Ethan"]]);
    const result = segmentTurns([speech("HOST", ["One."]), speech("NARRATOR", ["Two."])], cast, 400);
    expect(texts(result)).toEqual(["One.", "Two."]);
  });

  it("merges across a speech that makes no turn", () => {
    const result = segmentTurns([speech("HOST", ["One."]), speech("GUEST", [paren("nods")]), speech("HOST", ["Two."])], CAST, 400);
    expect(texts(result)).toEqual(["One. Two."]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["POD0601"]);
  });

  it("splits a long speech at sentence ends, never merging its first part into the previous turn", () => {
    const result = segmentTurns([speech("HOST", ["Hi."], 1), speech("HOST", ["Aaaa. Bbbb. Cccc."], 2)], CAST, 12);
    expect(result.turns).toEqual([
      { text: "Hi.", voice: "Ethan", speaker: "HOST", line: 1 },
      { text: "Aaaa. Bbbb.", voice: "Ethan", speaker: "HOST", line: 2 },
      { text: "Cccc.", voice: "Ethan", speaker: "HOST", line: 2 },
    ]);
  });

  it("merges the next speech by the same speaker into the last part of a split speech", () => {
    const result = segmentTurns([speech("HOST", ["Aaaa. Bbbb. Cccc."], 1), speech("HOST", ["Dd."], 2)], CAST, 12);
    expect(texts(result)).toEqual(["Aaaa. Bbbb.", "Cccc. Dd."]);
  });

  it("warns on the speech when a sentence longer than the limit is cut", () => {
    const long = speech("HOST", ["one two three four five."], 7);
    const result = segmentTurns([long], CAST, 10);
    expect(texts(result)).toEqual(["one two", "three four", "five."]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "POD0602", severity: "warning", span: long.span });
  });

  it("warns when a sentence has to be cut without a space", () => {
    const result = segmentTurns([speech("HOST", ["abcdefghij"])], CAST, 4);
    expect(texts(result)).toEqual(["abcd", "efgh", "ij"]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["POD0602"]);
    expect(result.diagnostics[0]?.help).toContain("no space");
  });

  it("skips a speaker without a voice without failing", () => {
    const result = segmentTurns([speech("NOBODY", ["Hello."]), speech("HOST", ["Hi."])], CAST, 400);
    expect(texts(result)).toEqual(["Hi."]);
    expect(result.diagnostics).toEqual([]);
  });
});
