/*
 * The one home of billing and money: what a request is billed, what it costs, and how amounts are shown and
 * compared with a cap — the figures podc stats, the dry run and --max-cost all give.
 */
import { describe, expect, it } from "vitest";
import { billedUnits, requestCost } from "../../src/pricing/billing.js";
import { exceeds, formatMoney } from "../../src/pricing/money.js";

const PRICING = { currency: "USD", songTake: 0.05, podcastRequest: 0.01, podcastPer1000Chars: 0.02 };
const song = (n?: number) => ({ kind: "song" as const, body: { lyrics: "La", model: "auto", prompt: "pop", ...(n === undefined ? {} : { n }) } });
const podcast = (...texts: string[]) => ({ kind: "podcast" as const, body: { conversations: texts.map((text) => ({ text, voice: "Ethan" })) } });

describe("billing", () => {
  it("bills a song per take: n when sent, else the service's two; a podcast request once", () => {
    expect(billedUnits(song())).toBe(2);
    expect(billedUnits(song(1))).toBe(1);
    expect(billedUnits(song(3))).toBe(3);
    expect(billedUnits(podcast("Hello.", "Hi."))).toBe(1);
  });

  it("prices takes, requests and characters (code points, proportionally)", () => {
    expect(requestCost(song(), PRICING)).toBeCloseTo(0.1, 10);
    expect(requestCost(song(1), PRICING)).toBeCloseTo(0.05, 10);
    // 1,500 characters, one of them outside the Basic Multilingual Plane (one code point, two UTF-16 units).
    const text = "a".repeat(1499) + "😀";
    expect(requestCost(podcast(text), PRICING)).toBeCloseTo(0.01 + 1.5 * 0.02, 10);
  });
});

describe("money", () => {
  it("shows two decimals, up to four for small amounts, with thousands separated", () => {
    expect(formatMoney(12.4, "USD")).toBe("12.40 USD");
    expect(formatMoney(0.0045, "EUR")).toBe("0.0045 EUR");
    expect(formatMoney(0.15000000000000002, "USD")).toBe("0.15 USD");
    expect(formatMoney(1250, "credits")).toBe("1,250.00 credits");
    expect(formatMoney(0, "USD")).toBe("0.00 USD");
  });

  it("compares with a cap without floating-point drift", () => {
    expect(exceeds(0.1 + 0.2, 0.3)).toBe(false);
    expect(exceeds(3 * 0.05, 0.15)).toBe(false);
    expect(exceeds(0.150001, 0.15)).toBe(true);
    expect(exceeds(0, 0)).toBe(false);
  });
});
