import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/contract/canonical-json.js";
import { requestKey } from "../../src/contract/canonical-json.js";

describe("canonicalJson", () => {
  it("sorts keys at every depth and writes no white space", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: true, y: null }], c: "x" } })).toBe('{"a":{"c":"x","d":[{"y":null,"z":true}]},"b":1}');
  });

  it("sorts keys by UTF-16 code units", () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, "😀": 4, "\uffff": 5 })).toBe('{"Z":3,"z":2,"é":1,"😀":4,"\uffff":5}');
  });

  it("spells strings and numbers as JSON.stringify does", () => {
    expect(canonicalJson(['a"b\\c\n', 1.5, -0, 1e21, "\ud800"])).toBe('["a\\"b\\\\c\\n",1.5,0,1e+21,"\\ud800"]');
  });

  it("leaves undefined members out of objects and writes null for them in arrays", () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });

  it("does not depend on key insertion order", () => {
    expect(canonicalJson({ text: "a", voice: "b" })).toBe(canonicalJson({ voice: "b", text: "a" }));
  });
});

describe("requestKey", () => {
  const body = { conversations: [{ text: "Hello.", voice: "Ethan" }] };

  it("is the lower-case hex SHA-256 of the canonical JSON of method, path and body", () => {
    const expected = createHash("sha256")
      .update('{"body":{"conversations":[{"text":"Hello.","voice":"Ethan"}]},"method":"POST","path":"/v1/tts/podcast"}')
      .digest("hex");
    expect(requestKey("POST", "/v1/tts/podcast", body)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is the same for the same body, whatever its key order", () => {
    expect(requestKey("POST", "/v1/tts/podcast", body)).toBe(requestKey("POST", "/v1/tts/podcast", { conversations: [{ voice: "Ethan", text: "Hello." }] }));
  });

  it("differs when the body, path or method differs", () => {
    const key = requestKey("POST", "/v1/tts/podcast", body);
    expect(requestKey("POST", "/v1/tts/podcast", { conversations: [{ text: "Hello!", voice: "Ethan" }] })).not.toBe(key);
    expect(requestKey("POST", "/v1/tts/podcast", { conversations: [{ text: "Hello.", voice: "Luna" }] })).not.toBe(key);
    expect(requestKey("POST", "/v1/song/generate", body)).not.toBe(key);
    expect(requestKey("PUT", "/v1/tts/podcast", body)).not.toBe(key);
  });

  it("is pinned, so a change to the key scheme is a visible change", () => {
    // printf '%s' '{"body":{"lyrics":"[Verse]\nla","model":"auto","prompt":"pop"},"method":"POST","path":"/v1/song/generate"}' | sha256sum
    const key = requestKey("POST", "/v1/song/generate", { lyrics: "[Verse]\nla", model: "auto", prompt: "pop" });
    expect(key).toBe("ec2d50276ed3cde1ec3e09440627892dd6c1c53a8be21980cb0525d0fa17a659");
  });
});
