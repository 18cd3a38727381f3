import { describe, expect, it } from "vitest";
import { readPause } from "../../src/language/pauses.js";

describe("a parenthetical read as a pause", () => {
  it.each([
    ["beat", 1000],
    ["Beat", 1000],
    ["pause", 2000],
    ["PAUSE", 2000],
    ["pause 2s", 2000],
    ["pause 1.5 s", 1500],
    ["pause 2,5s", 2500],
    ["pause 3 seconds", 3000],
    ["pause 3 sec", 3000],
    ["pause 500ms", 500],
    ["Pause 60s", 60_000],
  ])("(%s) is %d ms of silence", (text, ms) => expect(readPause(text)).toEqual({ kind: "pause", ms }));

  it.each(["pause 3", "pause two seconds", "pause 90s", "pause 50ms", "pause 2 minutes"])("(%s) is a pause whose length cannot be read", (text) =>
    expect(readPause(text).kind).toBe("unreadable"),
  );

  it.each(["whispering", "dryly", "long pause", "pause2s", "beat it", "pauses"])("(%s) is no pause", (text) =>
    expect(readPause(text)).toEqual({ kind: "none" }),
  );
});
