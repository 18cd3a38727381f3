import { describe, expect, it } from "vitest";
import { RetryBudget } from "../../src/run/job-steps.js";

describe("the shared retry budget", () => {
  it("doubles the shared pause with each failure in a row, capped, and resets on success", () => {
    let now = 0;
    const budget = new RetryBudget({ baseMs: 100, maxMs: 1000, tokens: 50, random: () => 1, now: () => now });
    expect(budget.failure()).toBe(100);
    now += 100;
    expect(budget.failure()).toBe(200);
    now += 200;
    expect(budget.failure()).toBe(400);
    now += 400;
    expect(budget.failure()).toBe(800);
    now += 800;
    expect(budget.failure()).toBe(1000);
    now += 1000;
    budget.success();
    expect(budget.failure()).toBe(100);
  });

  it("holds every job for the same pause, and honours Retry-After", () => {
    let now = 0;
    const budget = new RetryBudget({ baseMs: 100, maxMs: 1000, tokens: 50, random: () => 0, now: () => now });
    budget.failure(3000);
    now += 1000;
    expect(budget.pauseLeftMs()).toBe(2000);
  });

  it("runs out after too many failures net of successes", () => {
    const budget = new RetryBudget({ baseMs: 1, maxMs: 1, tokens: 4, random: () => 0 });
    budget.failure();
    budget.failure();
    budget.success();
    budget.failure();
    expect(budget.exhausted).toBe(false);
    budget.failure();
    expect(budget.exhausted).toBe(true);
  });
});
