import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/command.js";
import { memoryIo } from "./io-helper.js";

const CAST = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n";
const CLEAN = CAST + "HOST: Hello.\n";
const BROKEN = CAST + "HOSTT: Hello.\n";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "podc-watch-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function until(what: string, condition: () => boolean, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts `podc check --watch ARGS` in `root`; returns its output so far, a way to wait for more, and a stop. */
async function watching(root: string, args: string[] = []) {
  const m = memoryIo(root);
  const done = main(["check", "--watch", ...args], m.io);
  await until("the watcher to start", () => m.stderr().includes("watching for changes"));
  let seenOut = m.stdout().length;
  let seenErr = m.stderr().length;
  return {
    initial: { stdout: m.stdout(), stderr: m.stderr() },
    /** Waits until new output contains `text`; returns the new output of that stream. */
    async next(text: string, stream: "stderr" | "stdout" = "stderr"): Promise<string> {
      const get = stream === "stderr" ? m.stderr : m.stdout;
      const from = stream === "stderr" ? seenErr : seenOut;
      await until(JSON.stringify(text), () => get().slice(from).includes(text));
      // Let the rest of the same re-check arrive.
      await new Promise((r) => setTimeout(r, 150));
      const out = get().slice(from);
      seenOut = m.stdout().length;
      seenErr = m.stderr().length;
      return out;
    },
    async stop(): Promise<number> {
      m.abort();
      return done;
    },
  };
}

describe("podc check --watch", () => {
  it("checks everything first, then prints only what changes, until interrupted", async () => {
    const root = project({ "a.pod": CLEAN, "b.pod": BROKEN });
    const w = await watching(root);
    expect(w.initial.stderr).toContain("b.pod:6:1: error POD0201: unknown speaker HOSTT");
    expect(w.initial.stderr).toContain("1 error, 0 warnings in 2 scripts");

    writeFileSync(join(root, "a.pod"), CAST + "HOST: Hello.\nGUST: Hi.\n");
    const broke = await w.next("unknown speaker GUST");
    expect(broke).toContain("a.pod:7:1: error POD0201: unknown speaker GUST");
    expect(broke).not.toContain("b.pod"); // unchanged: not printed again
    expect(broke).toContain("2 errors, 0 warnings in 2 scripts");

    writeFileSync(join(root, "b.pod"), CLEAN);
    const fixed = await w.next("fixed: b.pod");
    expect(fixed).not.toContain("a.pod");
    expect(fixed).toContain("1 error, 0 warnings in 2 scripts");

    expect(await w.stop()).toBe(0);
  });

  it("reports a diagnostic gone while others stay, and ignores an edit that changes nothing", async () => {
    const root = project({ "a.pod": CAST + "HOSTT: One.\nGUST: Two.\n" });
    const w = await watching(root);
    writeFileSync(join(root, "a.pod"), CAST + "\n\nHOSTT: One (moved down).\nGUEST: Two.\n");
    const out = await w.next("gone:");
    expect(out).toContain("gone: a.pod:7:1: error POD0201: unknown speaker GUST");
    expect(out).not.toContain("HOSTT"); // the same diagnostic, moved: not news
    expect(await w.stop()).toBe(0);
  });

  it("checks new scripts and forgets deleted ones", async () => {
    const root = project({ "a.pod": CLEAN });
    const w = await watching(root);
    writeFileSync(join(root, "new.pod"), BROKEN);
    expect(await w.next("new.pod:6:1")).toContain("unknown speaker HOSTT");
    rmSync(join(root, "new.pod"));
    expect(await w.next("removed: new.pod")).toContain("0 errors, 0 warnings in 1 script");
    expect(await w.stop()).toBe(0);
  });

  it("re-checks the scripts a podc.json governs when it changes", async () => {
    const root = project({ "ep/a.pod": "HOST: Hello.\n", "other/b.pod": "GUEST: Hi.\n" });
    const w = await watching(root);
    expect(w.initial.stderr).toContain("ep/a.pod:1:1: error POD0201");
    writeFileSync(join(root, "ep/podc.json"), JSON.stringify({ cast: { HOST: "Ethan" } }));
    const out = await w.next("fixed: ep/a.pod");
    expect(out).not.toContain("other/b.pod");

    writeFileSync(join(root, "ep/podc.json"), "{ not json");
    expect(await w.next("ep/podc.json:1:")).toContain("POD0702");
    writeFileSync(join(root, "ep/podc.json"), JSON.stringify({ cast: { HOST: "Ethan" } }));
    expect(await w.next("fixed: ep/podc.json")).not.toContain("a.pod");
    expect(await w.stop()).toBe(0);
  });

  it("speaks the line format on stdout and one JSON object per re-check", async () => {
    const root = project({ "a.pod": CLEAN });
    const line = await watching(root, ["--format", "line"]);
    writeFileSync(join(root, "a.pod"), BROKEN);
    expect(await line.next("a.pod:6:1: error POD0201", "stdout")).toBe("a.pod:6:1: error POD0201: unknown speaker HOSTT\n");
    writeFileSync(join(root, "a.pod"), CLEAN);
    expect(await line.next("fixed", "stdout")).toBe("fixed: a.pod\n");
    expect(await line.stop()).toBe(0);

    const json = await watching(root, ["--format", "json"]);
    expect(JSON.parse(json.initial.stdout)).toEqual({ diagnostics: [] });
    writeFileSync(join(root, "a.pod"), BROKEN);
    const change = JSON.parse(await json.next("POD0201", "stdout"));
    expect(change).toMatchObject({ new: [{ file: "a.pod", line: 6, code: "POD0201" }], gone: [], fixed: [], removed: [] });
    expect(await json.stop()).toBe(0);
  });

  it("gathers a burst of changes into one re-check", async () => {
    const root = project({ "a.pod": CLEAN, "b.pod": CLEAN });
    const w = await watching(root);
    writeFileSync(join(root, "a.pod"), BROKEN);
    writeFileSync(join(root, "b.pod"), BROKEN);
    const out = await w.next("2 errors");
    expect(out.match(/in 2 scripts/g)).toHaveLength(1);
    expect(await w.stop()).toBe(0);
  });

  it("is a usage error when the scripts it is given do not exist", async () => {
    const m = memoryIo(project({}));
    expect(await main(["check", "--watch", "missing.pod"], m.io)).toBe(2);
  });
});
