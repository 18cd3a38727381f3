import { describe, expect, it } from "vitest";
import { rawAnswer, traceIdFromHeaders } from "../../src/service/raw-answer.js";

const KEY = "sk-echoed-back-0123456789";

describe("a paid answer as the journal keeps it", () => {
  it("keeps status, headers and body, without the key wherever the service echoed it", () => {
    const kept = rawAnswer(200, { "x-echo": `Bearer ${KEY}`, "set-cookie": ["a=1", "b=2"] }, JSON.stringify({ id: 7, auth: KEY }), [KEY]);
    expect(kept).toEqual({ status: 200, headers: { "x-echo": "Bearer [redacted]", "set-cookie": "a=1, b=2" }, body: '{"id":7,"auth":"[redacted]"}' });
  });

  it("cuts a huge body, and says so", () => {
    const kept = rawAnswer(200, {}, "x".repeat(1024 * 1024), []);
    expect(kept.truncated).toBe(true);
    expect(kept.body.length).toBe(64 * 1024);
  });
});

describe("trace ids from headers", () => {
  it("takes the first of the usual headers, without the key or control characters", () => {
    expect(traceIdFromHeaders({ "x-request-id": "req-1", traceparent: "00-abc-def-01" }, [])).toBe("req-1");
    expect(traceIdFromHeaders({ "x-amzn-trace-id": "Root=1-abc" }, [])).toBe("Root=1-abc");
    expect(traceIdFromHeaders({ traceparent: "00-4bf92f-00f067-01" }, [])).toBe("00-4bf92f-00f067-01");
    expect(traceIdFromHeaders({ "x-trace-id": `${KEY}\u0007` }, [KEY])).toBe("[redacted]");
    expect(traceIdFromHeaders({ "content-type": "application/json" }, [])).toBeUndefined();
  });
});
