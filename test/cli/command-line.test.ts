import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_DOC_PATH, cliDoc } from "../../scripts/cli-doc.js";
import { COMMANDS } from "../../src/cli/commands.js";
import { childEntry } from "../child-entries.js";
import { runPodc } from "./io-helper.js";

// The command line as a whole: every command explains itself the same way, mistakes get "did you mean", and a
// reader that stops early ends podc quietly.

const scratch = mkdtempSync(join(tmpdir(), "podc-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as { version: string };

describe("podc help", () => {
  for (const name of Object.keys(COMMANDS)) {
    it(`podc help ${name} and podc ${name} --help print the same help, in the one format`, async () => {
      const viaHelp = await runPodc(["help", name], scratch);
      const viaFlag = await runPodc([name, "--help"], scratch);
      const viaShort = await runPodc([name, "-h"], scratch);
      expect(viaHelp.code).toBe(0);
      expect(viaFlag).toEqual(viaHelp);
      expect(viaShort).toEqual(viaHelp);
      const text = viaHelp.stdout;
      expect(text.startsWith(`podc ${name} — ${COMMANDS[name]!.summary}\n\nUsage: podc ${name}`)).toBe(true);
      expect(text).toMatch(/\nOptions:\n/);
      expect(text).toMatch(/\n {2}-h, --help +show this help\n/);
      expect(text).toMatch(/\nExit: 0 /);
      for (const line of text.split("\n")) expect(line.length, line).toBeLessThanOrEqual(110);
      // The documentation it names is there, wherever podc is installed.
      const docs = /\nDocs: (.+)\n$/.exec(text)?.[1];
      expect(docs && existsSync(docs)).toBe(true);
    });
  }

  it("docs/cli.md shows every command's help as podc prints it (npx tsx scripts/cli-doc.ts)", async () => {
    expect(readFileSync(CLI_DOC_PATH, "utf8")).toBe(await cliDoc());
  });

  it("bare podc prints the overview, listing every command, and succeeds", async () => {
    const bare = await runPodc([], scratch);
    expect(bare.code).toBe(0);
    for (const [name, entry] of Object.entries(COMMANDS)) expect(bare.stdout).toMatch(new RegExp(`\\n  ${name} +${entry.summary.replace(/[()]/g, "\\$&")}\\n`));
    expect(await runPodc(["--help"], scratch)).toEqual(bare);
    expect(await runPodc(["help"], scratch)).toEqual(bare);
  });

  it("--version and -V print the package's version", async () => {
    for (const flag of ["--version", "-V"]) {
      const r = await runPodc([flag], scratch);
      expect(r).toEqual({ code: 0, stdout: `podc ${pkg.version}\n`, stderr: "" });
    }
  });
});

describe("mistakes on the command line", () => {
  it("an unknown command gets a suggestion and exit code 2", async () => {
    expect(await runPodc(["chekc"], scratch)).toEqual({
      code: 2,
      stdout: "",
      stderr: "podc: unknown command chekc (did you mean check?)\nRun podc help for the list of commands.\n",
    });
    expect((await runPodc(["help", "runn"], scratch)).stderr).toMatch(/did you mean run\?/);
    expect((await runPodc(["--verison"], scratch)).stderr).toMatch(/unknown option --verison \(did you mean --version\?\)/);
  });

  it("an unknown option gets a suggestion, a missing or wrong value says what is expected", async () => {
    const typo = await runPodc(["check", "--fromat", "json"], scratch);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe("podc check: unknown option --fromat (did you mean --format?)\nRun podc check --help for its options.\n");
    expect((await runPodc(["run", "--dryrun", "x.pod"], scratch)).stderr).toMatch(/did you mean --dry-run\?/);
    expect((await runPodc(["check", "--format"], scratch)).stderr).toMatch(/^podc check: --format needs a value: human, json, line\n/);
    expect((await runPodc(["check", "--format", "jsn"], scratch)).stderr).toMatch(/--format takes human, json, line, not jsn \(did you mean json\?\)/);
    expect((await runPodc(["fmt", "--check=yes"], scratch)).stderr).toMatch(/^podc fmt: --check takes no value\n/);
    expect((await runPodc(["serve", "--port"], scratch)).stderr).toMatch(/^podc serve: --port needs a value \(N\)\n/);
  });
});

describe("podc as a process", () => {
  it("ends quietly when the reader of its output stops early (podc compile … | head -1)", async () => {
    // More than a pipe's buffer of output, so that writing continues after the reader has gone.
    const lines = ["Title: Long", "Cast:", "    HOST: Ethan", "    GUEST: Victoria", ""];
    for (let i = 0; i < 2000; i++) lines.push(`# Part ${i}`, "", `HOST: Line ${i}, long enough to fill a pipe in time.`, `GUEST: Answer ${i}.`, "");
    writeFileSync(join(scratch, "long.pod"), lines.join("\n"));
    const child = spawn(process.execPath, [...childEntry("podc"), "compile", join(scratch, "long.pod")], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const first = await new Promise<string>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString())));
    child.stdout.destroy(); // what `head -1` does after its first line
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(first.startsWith("{")).toBe(true);
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
