import { describe, expect, it } from "vitest";
import { classifyHttpFailure } from "../../src/service/outcome.js";

const kind = (status: number, message: string): string => {
  const failure = classifyHttpFailure(status, message, undefined, 1);
  return failure.kind === "auth" ? `auth:${failure.cause}` : failure.kind;
};

describe("error answers told apart by meaning", () => {
  it("knows a bad key at any status, and a region from a key", () => {
    expect(kind(401, "Invalid Authentication")).toBe("auth:key");
    expect(kind(400, "Invalid API key provided")).toBe("auth:key");
    expect(kind(500, "authentication failed")).toBe("auth:key");
    expect(kind(403, "Forbidden")).toBe("auth:region");
    expect(kind(403, "The service is not available in your country")).toBe("auth:region");
    expect(kind(403, "invalid api key")).toBe("auth:key");
  });

  it("knows out of credit by its words, whatever the status, and a rate limit from it", () => {
    expect(kind(429, "You exceeded your current quota, please check your billing details")).toBe("quota");
    expect(kind(429, "Insufficient balance: your account has run out of points")).toBe("quota");
    expect(kind(402, "Payment Required")).toBe("quota");
    expect(kind(400, "Not enough credits")).toBe("quota");
    expect(kind(429, "Rate limit reached for requests")).toBe("rate-limited");
    expect(kind(429, "Too Many Requests")).toBe("rate-limited");
    expect(kind(400, "Too many requests at once")).toBe("rate-limited");
  });

  it("leaves content refusals and server trouble as they were", () => {
    expect(kind(400, "Invalid Request: lyrics is 3100 characters; at most 3000 are allowed")).toBe("rejected");
    expect(kind(451, "Unavailable For Legal Reasons")).toBe("rejected");
    expect(kind(503, "The engine is currently overloaded, please try again later")).toBe("server-error");
  });
});
