import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, podc, postsByKey, project, removeProjects } from "./helpers.js";

// Two episodes that include one shared intro send it once: it lowers to the same request in both, and the runner's
// store hands the second episode the answer the first one paid for.

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
  removeProjects();
});

const EPISODE = (title: string, line: string) => `Title: ${title}
Cast:
    HOST: Ethan
    GUEST: Victoria

INCLUDE: shared/intro.pod

# Tonight

HOST: ${line}
GUEST: It was, {tag}.
`;

describe("a shared intro", () => {
  it("is paid once by two episodes that include it", async () => {
    const { dir, script } = project(EPISODE("One", "Tonight, the harbour master."), {}, "one");
    mkdirSync(join(dir, "shared"));
    // Words unique to this project, so that no other test's requests on the shared emulator are these.
    const stamp = dir.slice(-6);
    writeFileSync(join(dir, "shared", "intro.pod"), `# Welcome\n\nHOST: Welcome to Harbour Names, ${stamp}.\nGUEST: Where every name is said right.\n`);
    writeFileSync(join(dir, "two.pod"), EPISODE("Two", "Tonight, the fish market.").replace("{tag}", stamp));
    const before = emu.ledger().length;
    const first = await podc(["run", "--no-build", script], dir, envFor(emu));
    expect(first.code, first.stderr).toBe(0);
    const second = await podc(["run", "--no-build", "two.pod"], dir, envFor(emu));
    expect(second.code, second.stderr).toBe(0);
    const posts = emu.ledger().slice(before);
    // The intro, then each episode's own section: three requests, each paid once.
    expect(posts).toHaveLength(3);
    expect([...postsByKey(posts).values()].every((entries) => entries.length === 1)).toBe(true);
    expect(new Set(posts.map((p) => p.body_sha256)).size).toBe(3);
  }, 180_000);
});
