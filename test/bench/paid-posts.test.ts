// The runner row's POST times and intent waits (bench/lib/paid-posts.ts), from requests as undici's diagnostics channels
// show them: a figure that cannot match every POST and every intent says so rather than leaving a job out.
import { describe, expect, it } from "vitest";
import { PaidPosts } from "../../bench/lib/paid-posts.js";

const post = (key: string) => ({ method: "POST", headers: ["content-type", "application/json", "Idempotency-Key", key] });
const intent = (key: string, at: number) => JSON.stringify({ v: 1, at: new Date(at).toISOString(), job: key, type: "intent", idempotencyKey: key });

describe("a run's paid POSTs", () => {
  it("are timed from request to answer, by idempotency key, and GETs are not counted", () => {
    const posts = new PaidPosts();
    const [a, b, audio] = [post("a"), post("b"), { method: "GET", headers: [] }];
    posts.created(a, 10);
    posts.created(b, 12);
    posts.created(audio, 13);
    posts.answered(a, 50);
    posts.answered(b, 62);
    posts.answered(b, 70); // only the first head counts
    expect(posts.medianMs()).toBe(45);
  });

  it("read NaN when one had no answer, or none was made", () => {
    const posts = new PaidPosts();
    expect(posts.medianMs()).toBeNaN();
    const a = post("a");
    posts.created(a, 10);
    posts.answered(a, 20);
    posts.created(post("b"), 12);
    posts.answered(post("b"), 30); // another request object: not the one made
    expect(posts.medianMs()).toBeNaN();
  });

  it("match each intent of the journal with its POST on one clock, and read NaN when an intent has no POST", () => {
    const posts = new PaidPosts();
    const origin = Date.parse("2026-11-28T00:00:00.000Z");
    posts.created(post("a"), 1_004);
    posts.created(post("b"), 2_010);
    const journal = [intent("a", origin + 1_000), '{"v":1,"type":"done","job":"z"}', intent("b", origin + 2_000), ""].join("\n");
    expect(posts.intentToPostMs(journal, origin)).toBe(7);
    expect(posts.intentToPostMs(`${journal}${intent("c", origin + 3_000)}\n`, origin)).toBeNaN();
  });
});
