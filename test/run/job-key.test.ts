import { describe, expect, it } from "vitest";
import { jobKey } from "../../src/run/job.js";

describe("the job key", () => {
  it("never changes for the same request: every journal names its jobs by it", () => {
    // Pinned: a different key for the same request would make every run send again what its journal already paid for.
    const body = { conversations: [{ text: "Hello.", voice: "Ethan" }] };
    expect(jobKey("/v1/tts/podcast", body, "https://api.example.com/v1")).toBe("dd392a899fed4241177f9185b2981f9a13c1614a2d8c6ebf89e25ec2f25882cd");
    expect(jobKey("/v1/tts/podcast", { conversations: [{ voice: "Ethan", text: "Hello." }] }, "https://api.example.com/v1")).toBe(
      "dd392a899fed4241177f9185b2981f9a13c1614a2d8c6ebf89e25ec2f25882cd",
    );
  });

  it("differs with the service's address", () => {
    const body = { conversations: [{ text: "Hello.", voice: "Ethan" }] };
    expect(jobKey("/v1/tts/podcast", body, "https://api.example.com/v2")).not.toBe(jobKey("/v1/tts/podcast", body, "https://api.example.com/v1"));
  });
});
