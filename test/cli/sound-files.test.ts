/*
 * A sound cue's file that cannot be mixed stops `podc check` and `podc run` at the cue's line, before anything is sent:
 * the local service's ledger stays empty, and no episode folder is made.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { SHELL_ENV } from "../episode/helpers.js";
import { podc } from "../run/helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = "Title: T\nCast:\n    HOST: Ethan\n\nSFX sounds/door.wav\n\nHOST: Come in.\n\nBED ../outside.ogg\n\nHOST: Sit down.\n";

it("reports each bad sound file at its line, and podc run sends nothing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "podc-cli-sounds-"));
  dirs.push(dir);
  const project = join(dir, "show");
  mkdirSync(project);
  writeFileSync(join(project, "podc.json"), "{}\n");
  writeFileSync(join(project, "ep.pod"), SCRIPT);
  writeFileSync(join(dir, "outside.ogg"), "OggS");
  const check = await podc(["check", "ep.pod"], project, SHELL_ENV);
  expect(check.code).toBe(1);
  expect(check.stdout + check.stderr).toContain("ep.pod:5:5: error POD0920");
  expect(check.stdout + check.stderr).toContain("ep.pod:9:5: error POD0924");
  const run = await podc(["run", "--local", "ep.pod"], project, SHELL_ENV);
  expect(run.code).toBe(1);
  expect(run.stdout + run.stderr).toContain("POD0920");
  expect(existsSync(join(project, ".podc", "local", "ledger.jsonl"))).toBe(false);
  expect(existsSync(join(project, "out"))).toBe(false);
}, 120_000);
