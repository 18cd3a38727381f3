import { describe, expect, it } from "vitest";
import { podcastRequests, type LoweredTurn } from "../../src/lower/lower.js";
import { requestKey } from "../../src/contract/canonical-json.js";

function turns(count: number): LoweredTurn[] {
  return Array.from({ length: count }, (_, i) => ({
    text: `Line ${i}.`,
    voice: i % 2 === 0 ? "Ethan" : "Luna",
    speaker: i % 2 === 0 ? "HOST" : "GUEST",
    line: 10 + i,
  }));
}

const limits = (turnsPerRequest: number, voicesPerRequest = 2) => ({ turnsPerRequest, voicesPerRequest });

describe("podcastRequests", () => {
  it("covers every turn once, in order, each request within both limits", () => {
    for (const [count, max] of [
      [25, 10],
      [10, 10],
      [7, 3],
      [40, 10],
    ] as const) {
      const requests = podcastRequests(turns(count), limits(max), undefined);
      expect(requests.flatMap((r) => r.body.conversations.map((t) => t.text))).toEqual(turns(count).map((t) => t.text));
      for (const r of requests) expect(r.body.conversations.length).toBeLessThanOrEqual(max);
    }
    expect(podcastRequests([], limits(10), undefined)).toEqual([]);
  });

  it("builds the body with exactly conversations[{text, voice}], in that key order", () => {
    const [request] = podcastRequests(turns(2), limits(10), "Intro");
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

  it("gives each request the line of its first turn and the section, and what ended the request before", () => {
    const requests = podcastRequests(turns(12), limits(10), "Interview");
    expect(requests.length).toBeGreaterThan(1);
    expect(requests[0]?.origin).toStrictEqual({ line: 10, section: "Interview" });
    for (const r of requests.slice(1)) {
      expect(r.origin).toMatchObject({ line: 10 + Number(/\d+/.exec(r.body.conversations[0]!.text)![0]), section: "Interview" });
      expect(["content", "turnsPerRequest"]).toContain(r.origin.cutBy);
    }
    expect(podcastRequests(turns(1), limits(10), undefined)[0]?.origin).toStrictEqual({ line: 10 });
  });

  it("is a POST to /v1/tts/podcast keyed by its content", () => {
    const [request] = podcastRequests(turns(1), limits(10), undefined);
    expect(request).toMatchObject({ kind: "podcast", method: "POST", path: "/v1/tts/podcast" });
    expect(request?.key).toBe(requestKey("POST", "/v1/tts/podcast", request?.body));
    expect(Object.keys(request ?? {})).toEqual(["key", "kind", "method", "path", "body", "origin", "speakers"]);
  });

  it("gives each request the key of its own body, the same on every read and in a copy", () => {
    const [first, second] = podcastRequests(turns(4), limits(1), undefined);
    expect(first?.key).toBe(requestKey("POST", "/v1/tts/podcast", first?.body));
    expect(second?.key).toBe(requestKey("POST", "/v1/tts/podcast", second?.body));
    expect(first?.key).not.toBe(second?.key);
    expect(first?.key).toBe(first?.key);
    expect({ ...first }.key).toBe(first?.key);
    expect(JSON.parse(JSON.stringify(second)).key).toBe(second?.key);
  });

  it("is a plain object, its key an own member: a clone or a copy has it", () => {
    const [first] = podcastRequests(turns(4), limits(2), "Intro");
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(first?.constructor).toBe(Object);
    expect(structuredClone(first)).toStrictEqual({ ...first });
    const key = (request: object | undefined) => Object.getOwnPropertyDescriptor(request, "key");
    expect(key(first)).toMatchObject({ enumerable: true });
  });

  it("starts a new request when a turn brings in a third voice, and says so in its origin", () => {
    const panel: LoweredTurn[] = [
      { text: "Welcome.", voice: "Ethan", speaker: "ETHAN", line: 1 },
      { text: "Glad to be here.", voice: "Luna", speaker: "LUNA", line: 2 },
      { text: "Hello from me too.", voice: "Jake", speaker: "JAKE", line: 3 },
      { text: "Glad you could come.", voice: "Ethan", speaker: "ETHAN", line: 4 },
      { text: "And me?", voice: "Luna", speaker: "LUNA", line: 5 },
    ];
    const requests = podcastRequests(panel, limits(10), "Panel");
    expect(requests.flatMap((r) => r.body.conversations.map((t) => t.voice))).toEqual(panel.map((t) => t.voice));
    // Jake's turn cannot join Ethan and Luna: whatever else cuts, a request starts there, for the voice.
    const jake = requests.find((r) => r.body.conversations[0]?.voice === "Jake");
    expect(jake?.origin).toEqual({ line: 3, section: "Panel", cutBy: "voicesPerRequest" });
    for (const [i, r] of requests.entries()) {
      if (r.origin.cutBy !== "voicesPerRequest") continue;
      const before = new Set(requests[i - 1]!.body.conversations.map((t) => t.voice));
      expect(before.size).toBe(2);
      expect(before.has(r.body.conversations[0]!.voice)).toBe(false);
    }
    for (const r of requests) expect(new Set(r.body.conversations.map((t) => t.voice)).size).toBeLessThanOrEqual(2);
  });
});
