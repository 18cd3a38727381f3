import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConfigSchema } from "../../src/config/schema.js";
import { format, formatText } from "../../src/format/format.js";
import { codesOf, requestsOf, triviaOf } from "./compare.js";
import { scriptText } from "./script-arbitrary.js";

// The two promises of the formatter, over random scripts: formatting is idempotent, and it never changes what a
// script compiles to — nor its notes and boneyards, nor the problems it has.

const config = ConfigSchema.parse({
  cast: { HOST: "Ethan", GUEST: "Victoria", "DR. LEE": "Luna", McKenzie: "Jake", 主持人: "Emma" },
  limits: { voicesPerRequest: 5 },
});

describe("formatText on random scripts", () => {
  it("never needs to fall back, is idempotent, and keeps the requests, the diagnostics, every note and boneyard", () => {
    fc.assert(
      fc.property(scriptText, (text) => {
        const once = format(text);
        expect(once.safe).toBe(true);
        expect(formatText(once.text)).toBe(once.text);
        expect(requestsOf(once.text, config)).toEqual(requestsOf(text, config));
        expect(codesOf(once.text, config)).toEqual(codesOf(text, config));
        expect(triviaOf(once.text)).toEqual(triviaOf(text));
      }),
      { numRuns: 300 },
    );
  });
});
