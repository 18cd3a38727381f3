import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands.js";
import { startClient } from "../lsp/client.js";

// The launcher as installed: bin/podc.cjs over bundles built from this source into a package of the test's own (so its
// code cache is the test's to spoil). Each command must land in a bundle that has it, and the code cache may only make
// podc start sooner: never change what it prints, never fail it.

const ROOT = join(import.meta.dirname, "..", "..");
const pkg = mkdtempSync(join(tmpdir(), "podc-launcher-"));
const cache = join(pkg, "dist", "cache");
const SLOW = 120_000;

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, "scripts", "build.js"), "--out", join(pkg, "dist")], { encoding: "utf8" });
  expect(built.status, built.stderr).toBe(0);
  mkdirSync(join(pkg, "bin"));
  copyFileSync(join(ROOT, "bin", "podc.cjs"), join(pkg, "bin", "podc.cjs"));
  copyFileSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  writeFileSync(join(pkg, "clean.pod"), "Title: Clean\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\nHOST: Hello.\nGUEST: Hi.\n");
  writeFileSync(join(pkg, "slip.pod"), "Title: Slip\nCast:\n    HOST: Ethan\n\nHOST: Hello.\nGEUST: Hi.\n");
}, SLOW);
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

function podc(...args: string[]) {
  const r = spawnSync(process.execPath, [join(pkg, "bin", "podc.cjs"), ...args], { cwd: pkg, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const cacheFiles = () => readdirSync(cache).sort();

describe("bin/podc.cjs", () => {
  it(
    "sends every command, and podc help COMMAND, to a bundle that has it",
    () => {
      for (const [name, entry] of Object.entries(COMMANDS)) {
        const viaFlag = podc(name, "--help");
        expect(viaFlag.stderr).toBe("");
        expect(viaFlag.stdout.startsWith(`podc ${name} — ${entry.summary}\n`)).toBe(true);
        expect(podc("help", name)).toEqual(viaFlag);
      }
    },
    SLOW,
  );

  it("answers the overview, --version and mistakes without any command's bundle", () => {
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(podc("--version")).toEqual({ code: 0, stdout: `podc ${version}\n`, stderr: "" });
    expect(podc().stdout).toMatch(/^podc .* — check, compile and run/);
    expect(podc("chek")).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown command chek (did you mean check?)") });
    expect(podc("help", "chek").code).toBe(2);
    expect(podc("../dist/main").code).toBe(2);
  });

  it("loads a package a command needs on first use from its own bundle, as the source imports it", () => {
    // string-width is an ES module package with a default export, imported statically by the formatter and on demand
    // by the diagnostics' renderer: both must get its function, not the module around it.
    writeFileSync(join(pkg, "messy.pod"), "Title:   Messy\nCast:\n    HOST: Ethan\n\nHOST:    Hello.\n");
    expect(podc("fmt", "--check", "messy.pod")).toEqual({ code: 1, stdout: "messy.pod\n", stderr: "" });
    writeFileSync(join(pkg, "wide.pod"), "Title: Wide\nCast:\n    HOST: Ethan\n\nHOST: Hello.\n花子: Hi.\n");
    const wide = podc("check", "wide.pod");
    expect(wide.code).toBe(1);
    // Two columns per character: the underline is as wide as the name on screen.
    expect(wide.stdout + wide.stderr).toContain("  6 | 花子: Hi.\n    | ^^^^\n");
  });

  it("prints a check's findings without building Node's stream objects for its output", () => {
    // They load modules worth milliseconds of every start; a command that only prints has no use for them.
    const probe = join(pkg, "probe.cjs");
    writeFileSync(
      probe,
      'process.on("exit", () => require("node:fs").writeSync(2, "loaded: " + process.moduleLoadList.filter((m) => /^NativeModule (net|stream|tty)$/.test(m)).join(",") + "\\n"));\n',
    );
    for (const script of ["clean.pod", "slip.pod"]) {
      const r = spawnSync(process.execPath, ["--require", probe, join(pkg, "bin", "podc.cjs"), "check", script], { cwd: pkg, encoding: "utf8" });
      expect(r.stderr).toContain("in 1 script\nloaded: \n");
    }
  });

  it(
    "serves the language server from its bundles: diagnostics, podc.json's cast, and formatting",
    async () => {
      // Each feature below first needs a package loaded on demand from its own bundle: the protocol library, zod (a
      // podc.json governs the script), jsonc-parser (where podc.json casts a speaker), string-width (the formatter).
      const folder = join(pkg, "project");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "podc.json"), JSON.stringify({ cast: { NARRATOR: "Jake" } }, null, 2));
      const uri = pathToFileURL(join(folder, "ep.pod")).href;
      const client = await startClient(pathToFileURL(folder).href, { command: [join(pkg, "bin", "podc.cjs"), "lsp", "--stdio"] });
      try {
        const published = await client.open(uri, "Title: Served\nCast:\n    HOST: Ethan\n\nHOST:    Hello.\nNARRATOR: Once.\nGEUST: Hi.\n");
        expect(published.diagnostics.map((d) => d.code)).toEqual(["POD0201"]);
        const definition = await client.request<{ uri: string }>("textDocument/definition", { textDocument: { uri }, position: { line: 5, character: 2 } });
        expect(definition.uri).toBe(pathToFileURL(join(folder, "podc.json")).href);
        const edits = await client.request<{ newText: string }[]>("textDocument/formatting", {
          textDocument: { uri },
          options: { tabSize: 4, insertSpaces: true },
        });
        expect(edits.map((e) => e.newText).join("")).toContain("HOST: Hello.");
      } finally {
        expect(await client.stop()).toBe(0);
      }
      expect(client.stderr()).toBe("");
    },
    SLOW,
  );

  it(
    "writes a code cache on a command's first run, reads it on the next, and prints the same either way",
    () => {
      for (const file of cacheFiles()) rmSync(join(cache, file));
      const first = podc("check", "slip.pod");
      expect(first.code).toBe(1);
      expect(first.stderr).toContain("GEUST");
      const made = cacheFiles();
      expect(made).toContain(`commands~check~cjs-${process.version}-${process.arch}.bin`);
      expect(made).toContain(`vendor~chevrotain~cjs-${process.version}-${process.arch}.bin`);
      const stamps = made.map((f) => statSync(join(cache, f)).mtimeMs);
      expect(podc("check", "slip.pod")).toEqual(first);
      // Read, not written again.
      expect(made.map((f) => statSync(join(cache, f)).mtimeMs)).toEqual(stamps);
    },
    SLOW,
  );

  it(
    "saves code caches on a run's first start that the next start reads",
    () => {
      for (const file of cacheFiles()) rmSync(join(cache, file));
      const first = podc("run", "--local", "--no-build", "clean.pod");
      expect(first.code, first.stderr).toBe(0);
      const made = cacheFiles();
      expect(made).toContain(`vendor~undici~cjs-${process.version}-${process.arch}.bin`);
      const stamps = made.map((f) => statSync(join(cache, f)).mtimeMs);
      expect(podc("run", "--local", "--no-build", "clean.pod").code).toBe(0);
      expect(podc("check", "clean.pod").code).toBe(0);
      // Read, not refused and written again.
      expect(made.map((f) => statSync(join(cache, f)).mtimeMs)).toEqual(stamps);
    },
    SLOW,
  );

  it("refuses a cache it cannot use (another Node's, a damaged file) and makes it again", () => {
    const clean = podc("compile", "clean.pod");
    expect(clean.code).toBe(0);
    const file = join(cache, `commands~compile~cjs-${process.version}-${process.arch}.bin`);
    const good = readFileSync(file);
    for (const spoilt of [Buffer.from("not a cache"), good.subarray(0, good.length >> 1), Buffer.alloc(good.length)]) {
      writeFileSync(file, spoilt);
      expect(podc("compile", "clean.pod")).toEqual(clean);
      expect(readFileSync(file).length).toBeGreaterThan(spoilt.length === good.length ? 0 : spoilt.length);
      expect(readFileSync(file).equals(spoilt)).toBe(false);
    }
  });

  it("runs as well where the cache cannot be written", () => {
    rmSync(cache, { recursive: true, force: true });
    writeFileSync(cache, "a file where the cache's folder would be");
    try {
      const r = podc("check", "clean.pod");
      expect(r).toEqual({ code: 0, stdout: "", stderr: expect.stringContaining("0 errors, 0 warnings") });
      expect(readdirSync(pkg).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    } finally {
      rmSync(cache, { force: true });
      mkdirSync(cache);
    }
  });
});
