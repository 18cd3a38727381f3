/*
 * podc as a writer gets it: the packed package committed into another project and installed the way README.md
 * says, with the registry unreachable (podc has no dependencies to fetch: dist/ holds them), then `npm ci
 * --omit=dev` on a fresh checkout, `npx podc init`, `check`, `compile` and `run --local` from a subfolder — and a
 * global install from a clone.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const scratch = mkdtempSync(join(tmpdir(), "podc-install-"));
const project = join(scratch, "night-shift");
let tarball: string;

/** Runs a command; its output is kept for the assertion messages. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      NO_COLOR: "1",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
      // Nothing listens on port 9 (discard) of loopback: any fetch from a registry fails at once.
      npm_config_registry: "http://127.0.0.1:9/",
      ...env,
    },
    timeout: 240_000,
  });
}

const npx = (args: string[], cwd: string) => run(NPM, ["exec", "--no", "--", "podc", ...args], cwd);

beforeAll(() => {
  // The dist/ the rest of the suite runs (built by npm ci's prepare step, or npm run build): packing with the prepare
  // step would build it again, swapping it out under the test files that run bin/podc.cjs at the same time.
  const packed = run(NPM, ["pack", "--ignore-scripts", "--pack-destination", scratch, "--json"], ROOT);
  expect(packed.status, packed.stderr).toBe(0);
  // Whatever npm prints before the JSON is skipped: the JSON is the last thing on stdout.
  const json = packed.stdout.slice(packed.stdout.indexOf("[\n"));
  const filename = (JSON.parse(json) as { filename: string }[])[0]!.filename;
  tarball = join(scratch, filename);
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, "tools"));
  copyFileSync(tarball, join(project, "tools", filename));
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "night-shift", private: true }, null, 2)}\n`);
  const installed = run(NPM, ["install", "--offline", "--save-exact", `./tools/${filename}`], project);
  expect(installed.status, installed.stderr).toBe(0);
  // A teammate's fresh checkout, or CI: the lock file and the package file, no node_modules.
  rmSync(join(project, "node_modules"), { recursive: true });
  const ci = run(NPM, ["ci", "--omit=dev", "--offline"], project);
  expect(ci.status, ci.stderr).toBe(0);
}, 300_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each step starts several npm and node processes: on a busy machine that takes a while. */
const SLOW = 240_000;

describe("the packed package", () => {
  it(
    "holds the bundle, the docs, the schema and the launcher — and no sources or tests",
    () => {
      const listing = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).split("\n").filter(Boolean);
      for (const file of [
        "package/bin/podc.cjs",
        "package/dist/main.cjs",
        "package/dist/commands/check.cjs",
        "package/dist/vendor/chevrotain.cjs",
        "package/docs/repository.md",
        "package/docs/cli.md",
        "package/schema/podc.schema.json",
        "package/README.md",
      ]) {
        expect(listing).toContain(file);
      }
      expect(listing.filter((f) => /^package\/(src|test|bench|scripts)\//.test(f))).toEqual([]);
    },
    SLOW,
  );

  it(
    "installs as one package with nothing to fetch, and never builds: dist/ is shipped",
    () => {
      const installed = join(project, "node_modules", "podc");
      expect(existsSync(join(installed, "dist", "main.cjs"))).toBe(true);
      expect(readdirSync(join(project, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["podc"]);
      expect(JSON.parse(readFileSync(join(project, "package.json"), "utf8"))).toMatchObject({ dependencies: { podc: expect.stringMatching(/^file:tools\//) } });
      const version = npx(["--version"], project);
      expect(version.status, version.stderr).toBe(0);
      expect(version.stdout).toBe(`podc ${(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version}\n`);
      // Help names documentation that is there, in the installed package.
      const help = npx(["help", "run"], project);
      const docs = /\nDocs: (.+)\n$/.exec(help.stdout)?.[1];
      expect(docs).toBe(join(installed, "docs", "run.md"));
      expect(existsSync(docs!)).toBe(true);
    },
    SLOW,
  );

  it(
    "npx podc init, check, compile, and run --local from a subfolder: audio under the root's out/",
    () => {
      const init = npx(["init"], project);
      expect(init.status, init.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(project, "podc.json"), "utf8"))).toEqual({ $schema: "./node_modules/podc/schema/podc.schema.json" });
      expect(existsSync(join(project, "node_modules", "podc", "schema", "podc.schema.json"))).toBe(true);

      const check = npx(["check"], project);
      expect(check.status, check.stderr).toBe(0);

      const compile = npx(["compile", "episodes/welcome.pod"], project);
      expect(compile.status, compile.stderr).toBe(0);
      expect((JSON.parse(compile.stdout) as { requests: unknown[] }).requests.length).toBeGreaterThan(0);

      const local = npx(["run", "--local", "welcome.pod"], join(project, "episodes"));
      expect(local.status, local.stderr).toBe(0);
      expect(existsSync(join(project, "episodes", "out"))).toBe(false);
      expect(existsSync(join(project, "episodes", ".podc"))).toBe(false);
      const folder = join(project, "out", "local", "welcome");
      const files = readdirSync(folder);
      expect(files).toContain("manifest.json");
      expect(files.filter((f) => f.endsWith(".wav")).length).toBeGreaterThan(0);
      // The .gitignore init wrote keeps it all out of git.
      expect(readFileSync(join(project, ".gitignore"), "utf8")).toMatch(/^\/out\/$[\s\S]*^node_modules\/$/m);
    },
    SLOW,
  );

  it(
    "installs globally from a clone: podc on the PATH",
    () => {
      const prefix = join(scratch, "global");
      const installed = run(NPM, ["install", "--global", "--prefix", prefix, "--offline", ROOT], scratch);
      expect(installed.status, installed.stderr).toBe(0);
      const bin = process.platform === "win32" ? join(prefix, "podc.cmd") : join(prefix, "bin", "podc");
      expect(lstatSync(bin).isSymbolicLink() || existsSync(bin)).toBe(true);
      const version = run(bin, ["--version"], scratch);
      expect(version.status, version.stderr).toBe(0);
      expect(version.stdout).toMatch(/^podc \d+\.\d+\.\d+\n$/);
    },
    SLOW,
  );
});
