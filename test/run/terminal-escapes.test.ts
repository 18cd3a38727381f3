/*
 * A script is data from anyone: text in it that would steer a terminal (ESC]0;… sets the window's title, ESC[2J
 * clears the screen, a carriage return overwrites a line, C1's CSI) is never printed raw, by any command that shows
 * script text — stats, check (its headline, the line shown and its help), status, and run's messages. podc runs as a
 * real process, its output captured as a terminal or CI log would get it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, project, removeProjects, spawnPodc } from "./helpers.js";

const ESC = "\u001b";
const HOSTILE = `Title: Evil ${ESC}]0;pwned\u0007 ${ESC}[2J
Cast:
    HOST: Ethan
    GUEST: Victoria

# Part ${ESC}[31mred over \u009b2J

HOST: Hello {tag} there.
GUEST: Hi.
HOSST: Hello ${ESC}[2J there ${ESC}]0;x\u0007.

SONG: Tune ${ESC}[2J
Style: synthwave

[Verse]
Lines {tag}
END SONG
`;

const STEERING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
});
afterAll(removeProjects);

async function output(args: string[], dir: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const run = spawnPodc(args, dir, env);
  await run.exited;
  return run.output();
}

describe("script text that would steer a terminal", () => {
  it("is shown as \uFFFD by stats, check, run and status — never raw", async () => {
    const p = project(HOSTILE);
    // The unknown speaker is an error, which stats and run refuse: they get the script without it.
    const runnable = project(HOSTILE.replace(/^HOSST:.*\n/m, ""));
    const env = envFor(emu);
    const texts = {
      check: await output(["check", p.script], p.dir),
      checkLines: await output(["check", "--format", "line", p.script], p.dir),
      stats: await output(["stats", runnable.script], runnable.dir),
      run: await output(["run", "--no-build", runnable.script], runnable.dir, env),
      status: await output(["status", runnable.script], runnable.dir, env),
    };
    for (const [command, text] of Object.entries(texts)) {
      expect(text.length, command).toBeGreaterThan(0);
      expect(STEERING.exec(text)?.[0].codePointAt(0)?.toString(16), `${command}: ${JSON.stringify(text)}`).toBeUndefined();
    }
    expect(texts.stats).toContain("Evil \uFFFD]0;pwned\uFFFD \uFFFD[2J");
    expect(texts.check).toContain("\uFFFD[2J there");
    expect(texts.run).toContain("Part \uFFFD[31mred over \uFFFD2J");
  });
});
