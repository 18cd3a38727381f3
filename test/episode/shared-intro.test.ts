/*
 * The two episodes of examples/harbour-names that share an included intro (shared/intro.pod), built one after the
 * other with `podc run --local`: the intro is paid once (the local service's ledger holds it once), and each
 * episode's transcript and chapters hold it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podc } from "../run/helpers.js";
import { copyExample, FFMPEG_AVAILABLE, FFMPEG_REQUIRED, SHELL_ENV } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface LedgerLine {
  billed: boolean;
  body_sha256: string;
}

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("two episodes sharing an included intro, built with podc run --local", () => {
  let project: string;
  const billed: LedgerLine[][] = [];
  const ledger = () =>
    readFileSync(join(project, ".podc", "local", "ledger.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LedgerLine)
      .filter((entry) => entry.billed);

  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "podc-shared-intro-"));
    dirs.push(dir);
    mkdirSync(join(dir, ".git"));
    copyExample("harbour-names", join(dir, "examples", "harbour-names"));
    // The project is the example's folder, where its podc.json is: its run state (and the local ledger) live there.
    project = join(dir, "examples", "harbour-names");
    for (const episode of ["pilot-boat", "fish-market"]) {
      const run = await podc(["run", "--local", `examples/harbour-names/${episode}.pod`], dir, SHELL_ENV);
      expect(run.code, run.stderr).toBe(0);
      billed.push(ledger());
    }
  }, 240_000);

  it("pays for the intro once: the second episode sends only its own section", () => {
    const [afterFirst, afterSecond] = billed;
    expect(afterFirst).toHaveLength(2); // the intro and the first episode's section
    expect(afterSecond).toHaveLength(3); // one more: the second episode's section
    expect(new Set(afterSecond!.map((entry) => entry.body_sha256)).size).toBe(3);
  });

  it("has the intro in each episode's transcript and chapters", () => {
    for (const episode of ["pilot-boat", "fish-market"]) {
      const folder = join(project, "out", "local", episode);
      expect(readFileSync(join(folder, `${episode}.transcript.json`), "utf8")).toContain("where every name on the quay is said the way its owner says it");
      expect(readFileSync(join(folder, `${episode}.chapters.json`), "utf8")).toContain('"Intro"');
    }
  });

  it("does not make the intro an episode of its own when it is named with the episodes (a folder, a glob)", async () => {
    const run = await podc(
      ["run", "--local", "examples/harbour-names/pilot-boat.pod", "examples/harbour-names/shared/intro.pod"],
      join(project, "..", ".."),
      SHELL_ENV,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("shared/intro.pod is a part that examples/harbour-names/pilot-boat.pod includes");
    expect(existsSync(join(project, "out", "local", "intro"))).toBe(false);
    expect(ledger()).toHaveLength(3); // nothing more was paid
  }, 240_000);
});
