import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestKey, requestKeyOfCanonical } from "../../src/contract/request-key.js";

describe("request keys", () => {
  it("are the same whether the body's canonical JSON is written by JSON.stringify or by canonicalJson", () => {
    const tricky = ['a "quoted" \\ word', "\u0001\u001f\u2028\u2029", "lone \ud800 and \udfff", "pair 😀", "中文", "", "é\u0301"];
    for (const text of tricky) {
      const body = { conversations: [{ text, voice: "Ethan" }] };
      expect(requestKeyOfCanonical("POST", "/v1/tts/podcast", JSON.stringify(body))).toBe(requestKey("POST", "/v1/tts/podcast", body));
    }
    fc.assert(
      fc.property(fc.array(fc.record({ text: fc.string({ unit: "binary" }), voice: fc.string() }), { maxLength: 5 }), (conversations) => {
        const body = { conversations };
        expect(requestKeyOfCanonical("POST", "/v1/tts/podcast", JSON.stringify(body))).toBe(requestKey("POST", "/v1/tts/podcast", body));
      }),
    );
  });
});
