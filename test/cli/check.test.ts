import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runPodc } from "./io-helper.js";

const CLEAN = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\nHOST: Hello.\nGUEST: Hi.\n";
const BROKEN = "Title: T\nCast:\n    HOST: Ethan\n\nHOSTT: Welcome back to the show.\n";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "podc-cli-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("podc check", () => {
  it("prints the contract's human form and exits 1 on errors", async () => {
    const root = project({ "episodes/ep01.pod": BROKEN });
    const r = await runPodc(["check"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(
      [
        "episodes/ep01.pod:5:1: error POD0201: unknown speaker HOSTT",
        "  5 | HOSTT: Welcome back to the show.",
        "    | ^^^^^",
        "  help: a declared speaker has a similar name: HOST",
      ].join("\n"),
    );
    expect(r.stderr).toContain("1 error, 0 warnings in 1 script");
  });

  it("exits 0 on clean scripts, and finds every **/*.pod but node_modules and dot-folders", async () => {
    const root = project({
      "a.pod": CLEAN,
      "deep/b.pod": CLEAN,
      "node_modules/x/bad.pod": BROKEN,
      ".hidden/bad.pod": BROKEN,
    });
    const r = await runPodc(["check", "--format", "json"], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ diagnostics: [] });
  });

  it("--format json gives the contract's fields, 1-based", async () => {
    const root = project({ "ep.pod": BROKEN });
    const r = await runPodc(["check", "ep.pod", "--format", "json"], root);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      diagnostics: [
        {
          file: "ep.pod",
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 6,
          severity: "error",
          code: "POD0201",
          message: "unknown speaker HOSTT",
        },
      ],
    });
  });

  it("--format line is one line per diagnostic for problem matchers", async () => {
    const root = project({ "ep.pod": BROKEN });
    const r = await runPodc(["check", "--format=line"], root);
    expect(r.stdout).toBe("ep.pod:5:1: error POD0201: unknown speaker HOSTT\n");
  });

  it("globs go through fast-glob", async () => {
    const root = project({ "s/a.pod": CLEAN, "s/b.pod": BROKEN, "t/c.pod": BROKEN });
    expect((await runPodc(["check", "s/a*.pod"], root)).code).toBe(0);
    expect((await runPodc(["check", "s/*.pod"], root)).code).toBe(1);
  });

  it("exit 2: unknown option, missing file, bad podc.json (pointing into it)", async () => {
    const root = project({ "ep.pod": CLEAN });
    expect((await runPodc(["check", "--nope"], root)).code).toBe(2);
    expect((await runPodc(["check", "missing.pod"], root)).code).toBe(2);
    writeFileSync(join(root, "podc.json"), '{\n  "limits": { "turnChars": -1 }\n}\n');
    const r = await runPodc(["check"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("podc.json:2:28: error POD0701: limits.turnChars:");
  });

  it("colour only when asked: NO_COLOR wins", async () => {
    const root = project({ "ep.pod": BROKEN });
    expect((await runPodc(["check"], root, { FORCE_COLOR: "1", NO_COLOR: "" })).stderr).toContain("\u001b[");
    expect((await runPodc(["check"], root, { FORCE_COLOR: "1", NO_COLOR: "1" })).stderr).not.toContain("\u001b[");
    expect((await runPodc(["check", "--no-color"], root, { FORCE_COLOR: "1", NO_COLOR: "" })).stderr).not.toContain("\u001b[");
    expect((await runPodc(["check"], root, { FORCE_COLOR: "0", NO_COLOR: "" })).stderr).not.toContain("\u001b[");
  });
});

describe("podc compile", () => {
  it("prints the plan with stable keys that do not depend on line endings", async () => {
    const root = project({ "lf.pod": CLEAN, "crlf.pod": CLEAN.replace(/\n/g, "\r\n") });
    const lf = await runPodc(["compile", "lf.pod"], root);
    const crlf = await runPodc(["compile", "crlf.pod"], root);
    expect(lf.code).toBe(0);
    const a = JSON.parse(lf.stdout);
    const b = JSON.parse(crlf.stdout);
    expect(a.source).toBe("lf.pod");
    expect(a.title).toBe("T");
    expect(a.requests[0]).toMatchObject({ kind: "podcast", method: "POST", path: "/v1/tts/podcast", origin: { line: 6 } });
    expect(a.requests[0].key).toMatch(/^[0-9a-f]{64}$/);
    expect(b.requests.map((r: { key: string }) => r.key)).toEqual(a.requests.map((r: { key: string }) => r.key));
  });

  it("with errors prints diagnostics, nothing on stdout, exit 1", async () => {
    const root = project({ "ep.pod": BROKEN });
    const r = await runPodc(["compile", "ep.pod"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("POD0201");
  });

  it("usage errors exit 2", async () => {
    const root = project({});
    expect((await runPodc(["compile"], root)).code).toBe(2);
    expect((await runPodc(["compile", "nope.pod"], root)).code).toBe(2);
    expect((await runPodc(["frobnicate"], root)).stderr).toContain("unknown command frobnicate");
  });
});

describe("wide characters", () => {
  it("the underline lines up under East Asian text", async () => {
    const root = project({ "zh.pod": "Title: T\nCast:\n    主持人: Ethan\n\n主持人：你好\n嘉宾：谢谢\n" });
    const r = await runPodc(["check"], root);
    expect(r.stderr).toContain("  6 | 嘉宾：谢谢\n    | ^^^^\n");
  });
});

describe("podc check on hostile input", () => {
  it("shows at most limits.diagnosticsPerFile diagnostics, one line for the rest, and counts them all", async () => {
    const root = project({ "stars.pod": "/*".repeat(5000) });
    const r = await runPodc(["check", "--format", "line"], root);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(201);
    expect(lines[200]).toMatch(/^stars\.pod:1:\d+: info POD0006: … and \d+ more \(\d+ warnings\)$/);
  });

  it("takes the cap from podc.json, and 0 shows everything", async () => {
    const root = project({ "stars.pod": "/*".repeat(50), "podc.json": '{ "limits": { "diagnosticsPerFile": 3 } }' });
    const capped = await runPodc(["check"], root);
    expect(capped.stderr.match(/error POD0110|warning POD0103/g)).toHaveLength(3);
    expect(capped.stderr).toContain("info POD0006: … and 45 more (45 warnings)");
    expect(capped.stderr).toMatch(/1 error, 47 warnings in 1 script/);
    writeFileSync(join(root, "podc.json"), '{ "limits": { "diagnosticsPerFile": 0 } }');
    const all = await runPodc(["check"], root);
    expect(all.stderr.match(/error POD0110|warning POD0103/g)).toHaveLength(48);
    expect(all.stderr).not.toContain("POD0006");
  });
});
