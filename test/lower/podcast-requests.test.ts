import { describe, expect, it } from "vitest";
import { podcastRequests, type LoweredTurn } from "../../src/lower/podcast.js";
import { requestKey } from "../../src/contract/request-key.js";

function turns(count: number): LoweredTurn[] {
  return Array.from({ length: count }, (_, i) => ({ text: `Line ${i}.`, voice: i % 2 === 0 ? "Ethan" : "Luna", line: 10 + i }));
}

describe("podcastRequests", () => {
  it("cuts greedily every turnsPerRequest turns", () => {
    expect(podcastRequests(turns(25), 10, undefined).map((r) => r.body.conversations.length)).toEqual([10, 10, 5]);
    expect(podcastRequests(turns(10), 10, undefined).map((r) => r.body.conversations.length)).toEqual([10]);
    expect(podcastRequests(turns(7), 3, undefined).map((r) => r.body.conversations.length)).toEqual([3, 3, 1]);
    expect(podcastRequests([], 10, undefined)).toEqual([]);
  });

  it("builds the body with exactly conversations[{text, voice}], in that key order", () => {
    const [request] = podcastRequests(turns(2), 10, "Intro");
    expect(request).toBeDefined();
    expect(Object.keys(request?.body ?? {})).toEqual(["conversations"]);
    for (const turn of request?.body.conversations ?? []) expect(Object.keys(turn)).toEqual(["text", "voice"]);
    expect(request?.body).toEqual({
      conversations: [
        { text: "Line 0.", voice: "Ethan" },
        { text: "Line 1.", voice: "Luna" },
      ],
    });
  });

  it("gives each request the line of its first turn and the section", () => {
    const requests = podcastRequests(turns(12), 10, "Interview");
    expect(requests.map((r) => r.origin)).toEqual([
      { line: 10, section: "Interview" },
      { line: 20, section: "Interview" },
    ]);
    expect(podcastRequests(turns(1), 10, undefined)[0]?.origin).toStrictEqual({ line: 10 });
  });

  it("is a POST to /v1/tts/podcast keyed by its content", () => {
    const [request] = podcastRequests(turns(1), 10, undefined);
    expect(request).toMatchObject({ kind: "podcast", method: "POST", path: "/v1/tts/podcast" });
    expect(request?.key).toBe(requestKey("POST", "/v1/tts/podcast", request?.body));
    expect(Object.keys(request ?? {})).toEqual(["key", "kind", "method", "path", "body", "origin"]);
  });
});
