import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { requestKey } from "../../src/contract/canonical-json.js";

/** The key as the contract defines it, for a body whose members are in code-unit order: JSON.stringify writes its canonical JSON. */
const keyOfOrdered = (body: unknown) =>
  createHash("sha256")
    .update(`{"body":${JSON.stringify(body)},"method":"POST","path":"/v1/tts/podcast"}`)
    .digest("hex");

describe("request keys", () => {
  it("are the SHA-256 of the canonical JSON, whatever the text holds", () => {
    const tricky = ['a "quoted" \\ word', "\u0001\u001f\u2028\u2029", "lone \ud800 and \udfff", "pair 😀", "中文", "", "é\u0301"];
    for (const text of tricky) {
      const body = { conversations: [{ text, voice: "Ethan" }] };
      expect(keyOfOrdered(body)).toBe(requestKey("POST", "/v1/tts/podcast", body));
    }
    fc.assert(
      fc.property(fc.array(fc.record({ text: fc.string({ unit: "binary" }), voice: fc.string() }), { maxLength: 5 }), (conversations) => {
        const body = { conversations };
        expect(keyOfOrdered(body)).toBe(requestKey("POST", "/v1/tts/podcast", body));
      }),
    );
  });
});
