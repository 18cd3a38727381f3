/*
 * Prices, the dry run's estimate and the spending cap, against the emulator on a real socket: a cap that the new
 * requests would exceed sends nothing (the emulator's ledger stays empty), one they fit sends, and once everything
 * is done the new cost is 0, so the same cap no longer refuses.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { billedUnits } from "../../src/emulator/ledger.js";
import { emulator, envFor, podc, project, removeProjects, SMALL, type Project } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
  removeProjects();
});

const PRICING = { currency: "EUR", songTake: 0.05, podcastRequest: 0.01, podcastPer1000Chars: 0 };

/** SMALL (one podcast request, one song of two takes: 0.01 + 2 × 0.05 = 0.11 EUR) with prices and `service` in podc.json. */
function pricedProject(service: Record<string, unknown> = {}, pricing: Record<string, unknown> | null = PRICING): Project {
  const p = project(SMALL);
  const config = { service: { pollIntervalMs: 100, ...service }, ...(pricing ? { pricing } : {}) };
  writeFileSync(join(p.dir, "podc.json"), JSON.stringify(config, null, 2));
  return p;
}

/** The units the emulator billed since ledger entry `from`. */
function billedSince(from: number): number {
  return billedUnits(emu.ledger().slice(from));
}

describe("the dry run with prices", () => {
  it("shows each request's billed units and cost, and the estimated cost of what would be sent", async () => {
    const p = pricedProject();
    const dry = await podc(["run", "--dry-run", p.script], p.dir, envFor(emu));
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/podcast "Cold open", line 8 .* 1 unit ≈ 0\.01 EUR .*send \(a paid request\)/);
    expect(dry.stdout).toMatch(/song "Small Song", line 11 .* 2 takes ≈ 0\.10 EUR .*send \(a paid request\)/);
    expect(dry.stdout).toContain("2 requests: 1 podcast (");
    expect(dry.stdout).toContain("; 3 billed units");
    expect(dry.stdout).toContain("new spending (what would be sent): 3 billed units, estimated 0.11 EUR");
    const json = JSON.parse((await podc(["run", "--dry-run", "--json", p.script], p.dir, envFor(emu))).stdout);
    expect(json.newSpending).toEqual({ requests: 2, billedUnits: 3, cost: 0.11, currency: "EUR" });
    expect(json.episodes[0].requests.map((r: { billedUnits: number; cost: number }) => [r.billedUnits, r.cost])).toEqual([
      [1, 0.01],
      [2, 0.1],
    ]);
  });

  it("with --local says the run is free", async () => {
    const p = pricedProject();
    const dry = await podc(["run", "--dry-run", "--local", p.script], p.dir, {});
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("new spending: none — the built-in emulator is free (against the service: 3 billed units)");
  });

  it("says a real run would stop when the cap is below the estimate", async () => {
    const p = pricedProject();
    const dry = await podc(["run", "--dry-run", "--max-cost", "0.10", p.script], p.dir, envFor(emu));
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      "a real run would stop before sending anything: the estimated cost of the requests this run would send, 0.11 EUR (2 requests, 3 billed units), is over the cap of 0.10 EUR (--max-cost)",
    );
  });
});

describe("--max-cost and service.maxCost", () => {
  it("refuses a run whose new requests cost more than the cap: exit 1, the estimate, the cap and how to raise it, nothing sent", async () => {
    const p = pricedProject();
    const before = emu.ledger().length;
    const r = await podc(["run", "--max-cost", "0.1", p.script], p.dir, envFor(emu));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "podc run: the estimated cost of the requests this run would send, 0.11 EUR (2 requests, 3 billed units), is over the cap of 0.10 EUR (--max-cost): nothing was sent.",
    );
    expect(r.stderr).toContain("To go ahead, raise the cap (--max-cost 0.11, or service.maxCost in podc.json)");
    expect(emu.ledger().length).toBe(before);
  });

  it("sends when the cost fits, saying what it is estimated to cost; run again, the new cost is 0 and the same cap lets it through without sending", async () => {
    const p = pricedProject({ maxCost: 0.11 });
    const before = emu.ledger().length;
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code, first.stderr).toBe(0);
    expect(emu.ledger().length).toBe(before + 2);
    expect(billedSince(before)).toBe(3); // the units the dry run and podc stats announce
    expect(first.stderr).toContain("podc: new requests: 2 requests, 3 billed units, estimated 0.11 EUR\n");
    const again = await podc(["run", "--max-cost", "0", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain("new requests:");
    expect(emu.ledger().length).toBe(before + 2);
    const dry = await podc(["run", "--dry-run", p.script], p.dir, envFor(emu));
    expect(dry.stdout).toContain("new spending (what would be sent): 0 billed units, estimated 0.00 EUR");
  });

  it("counts only what is new: after a change to one song, only that song's takes", async () => {
    const p = pricedProject();
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(0);
    const path = join(p.dir, p.script);
    writeFileSync(path, readFileSync(path, "utf8").replace("Style: synthwave", "Takes: 3\nStyle: synthwave"));
    const before = emu.ledger().length;
    const refused = await podc(["run", "--max-cost", "0.14", p.script], p.dir, envFor(emu));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("0.15 EUR (1 request, 3 billed units), is over the cap of 0.14 EUR");
    expect(emu.ledger().length).toBe(before);
    const allowed = await podc(["run", "--max-cost", "0.15", p.script], p.dir, envFor(emu));
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(emu.ledger().length).toBe(before + 1);
    expect(billedSince(before)).toBe(3);
  });

  it("service.maxCost refuses like the flag, and --max-cost overrides it", async () => {
    const p = pricedProject({ maxCost: 0.05 });
    const before = emu.ledger().length;
    const refused = await podc(["run", p.script], p.dir, envFor(emu));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is over the cap of 0.05 EUR (service.maxCost in podc.json): nothing was sent.");
    expect(emu.ledger().length).toBe(before);
    const allowed = await podc(["run", "--max-cost", "1", p.script], p.dir, envFor(emu));
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(emu.ledger().length).toBe(before + 2);
  });

  it("without prices, a cap cannot be checked: exit 2, said so, nothing sent", async () => {
    const p = pricedProject({}, null);
    const before = emu.ledger().length;
    const r = await podc(["run", "--max-cost", "5", p.script], p.dir, envFor(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'a spending cap is set (--max-cost) but podc.json has no "pricing", so the cost of the run cannot be estimated: nothing was sent.',
    );
    expect(emu.ledger().length).toBe(before);
  });

  it("a cap that is not an amount is a usage error", async () => {
    const p = pricedProject();
    for (const bad of ["ten", "-1", "1e3", ""]) {
      const r = await podc(["run", "--max-cost", bad, p.script], p.dir, envFor(emu));
      expect(r.code, bad).toBe(2);
      expect(r.stderr, bad).toContain("--max-cost");
    }
  });

  it("does not apply to --local, where nothing is billed", async () => {
    const p = pricedProject({ maxCost: 0 });
    const r = await podc(["run", "--local", p.script], p.dir, {});
    expect(r.code, r.stderr).toBe(0);
  });
});
