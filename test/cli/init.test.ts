import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfigFor } from "../../src/config/load.js";
import { runPodc } from "./io-helper.js";

// `podc init`: a writer's repository set up in one command, never a file replaced, nothing half-written.

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "podc-init-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const CREATED = [
  "podc.json",
  "episodes/welcome.pod",
  ".vscode/extensions.json",
  ".github/workflows/podc.yml",
  ".github/podc-problem-matcher.json",
  ".gitignore",
];

/** Every file under `dir` with its content, for comparing before and after. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = readFileSync(join(entry.parentPath, entry.name), "utf8");
  }
  return files;
}

describe("podc init", () => {
  it("sets up a folder whose example checks clean and is formatted, and says what it created", async () => {
    const init = await runPodc(["init"], root);
    expect(init.code).toBe(0);
    expect(init.stdout).toBe(CREATED.map((path) => `created ${path}\n`).join(""));
    for (const path of CREATED) expect(existsSync(join(root, path)), path).toBe(true);

    const check = await runPodc(["check"], root);
    expect(check).toMatchObject({ code: 0, stdout: "" });
    expect(check.stderr).toBe("0 errors, 0 warnings in 1 script\n");
    expect((await runPodc(["fmt", "--check"], root)).code).toBe(0);
    expect((await runPodc(["check", "--format", "line"], root)).stdout).toBe("");

    const config = loadConfigFor(root);
    expect(config.diagnostics).toEqual([]);
    const schema = (JSON.parse(readFileSync(join(root, "podc.json"), "utf8")) as { $schema: string }).$schema;
    expect(existsSync(resolve(root, schema))).toBe(true);
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toMatch(/^\/\.podc\/$[\s\S]*^\/out\/$[\s\S]*^node_modules\/$/m);
    expect(JSON.parse(readFileSync(join(root, ".vscode/extensions.json"), "utf8"))).toEqual({ recommendations: ["podc.podc-vscode"] });
    const workflow = readFileSync(join(root, ".github/workflows/podc.yml"), "utf8");
    expect(workflow).toMatch(/run: npx podc check --format line\n/);
    expect(workflow).toMatch(/run: npx podc fmt --check\n/);
    // The job's summary says what the branch will send, against the pull request's base.
    expect(workflow).toContain('npx podc plan --markdown $base >> "$GITHUB_STEP_SUMMARY"');
    expect(workflow).toContain("fetch-depth: 0");
    expect(workflow).toMatch(/::add-matcher::\$\{\{ github\.workspace \}\}\/\.github\/podc-problem-matcher\.json/);
    // Publishing to GitHub Pages, once set up: from the shared store's audio, never paying.
    expect(workflow).toMatch(/ {2}publish:\n {4}needs: check\n/);
    expect(workflow).toMatch(/vars\.PODC_PUBLISH == 'true'/);
    expect(workflow).toMatch(/run: npx podc state pull\n/);
    // The built episodes are kept between runs, keyed by the scripts and settings: an unchanged episode is built once.
    expect(workflow).toMatch(/uses: actions\/cache@v4\n {8}with:\n {10}path: out\n {10}key: podc-out-\$\{\{ hashFiles\('\*\*\/\*\.pod', /);
    expect(workflow.indexOf("actions/cache@v4")).toBeLessThan(workflow.indexOf("npx podc build"));
    expect(workflow).toMatch(/run: npx podc publish --site site\n/);
    expect(workflow).toMatch(/uses: actions\/upload-pages-artifact@v3\n {8}with:\n {10}path: site\n/);
    expect(workflow).not.toMatch(/npx podc run/);
  });

  it("the problem matcher reads what podc check --format line prints", async () => {
    await runPodc(["init"], root);
    writeFileSync(join(root, "episodes", "broken.pod"), "Title: Broken\nCast:\n    HOST: Ethan\n\nHOSTT: Hello.\n");
    const line = (await runPodc(["check", "--format", "line"], root)).stdout.trim();
    const matcher = JSON.parse(readFileSync(join(root, ".github/podc-problem-matcher.json"), "utf8")) as {
      problemMatcher: { pattern: { regexp: string; file: number; line: number; column: number; severity: number; code: number; message: number }[] }[];
    };
    const pattern = matcher.problemMatcher[0]!.pattern[0]!;
    const match = new RegExp(pattern.regexp).exec(line)!;
    expect(match).not.toBeNull();
    expect(match[pattern.file]).toBe("episodes/broken.pod");
    expect(match[pattern.line]).toBe("5");
    expect(match[pattern.severity]).toBe("error");
    expect(match[pattern.code]).toMatch(/^POD\d{4}$/);
  });

  it("never replaces a file: a second run keeps everything and changes nothing", async () => {
    await runPodc(["init"], root);
    writeFileSync(join(root, "podc.json"), '{ "model": "mureka-7" }\n');
    const before = snapshot(root);
    const again = await runPodc(["init"], root);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(CREATED.map((path) => `kept    ${path} (already there; not changed)\n`).join(""));
    expect(again.stderr).toMatch(/already set up/);
    expect(snapshot(root)).toEqual(before);
  });

  it("adds only the missing lines to an existing .gitignore, and no example where scripts exist", async () => {
    writeFileSync(join(root, ".gitignore"), "node_modules\n.podc\n");
    mkdirSync(join(root, "season1"));
    writeFileSync(join(root, "season1", "ep01.pod"), "Title: One\nCast:\n    HOST: Ethan\n\nHOST: Hi.\n");
    const init = await runPodc(["init", "."], root);
    expect(init.code).toBe(0);
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toBe(
      "node_modules\n.podc\n\n# podc: its journal and lock (.podc/), the audio it downloads (out/), installed packages\n/out/\n",
    );
    expect(init.stdout).toMatch(/^added \/out\/ to \.gitignore$/m);
    expect(existsSync(join(root, "episodes"))).toBe(false);
  });

  it("sets up a project in a subfolder of a git repository: the workflow at the repository's root runs in it", async () => {
    mkdirSync(join(root, ".git"));
    const init = await runPodc(["init", "shows/night"], root);
    expect(init.code).toBe(0);
    expect(existsSync(join(root, "shows/night/podc.json"))).toBe(true);
    const workflow = readFileSync(join(root, ".github/workflows/podc.yml"), "utf8");
    expect(workflow).toMatch(/defaults:\n {2}run:\n {4}working-directory: shows\/night\n/);
    expect(workflow).toMatch(/path: shows\/night\/site\n/);
    expect(workflow).toMatch(/path: shows\/night\/out\n/);
  });

  it("when a file cannot be written, says which and why, and leaves the folder as it was", async () => {
    writeFileSync(join(root, ".vscode"), "a file where the folder should be\n");
    writeFileSync(join(root, ".gitignore"), "node_modules\n");
    const before = snapshot(root);
    const init = await runPodc(["init"], root);
    expect(init.code).toBe(2);
    expect(init.stdout).toBe("");
    expect(init.stderr).toBe("podc init: cannot write .vscode/extensions.json: a file is in the way of a folder; nothing was changed\n");
    expect(snapshot(root)).toEqual(before);
    expect(readdirSync(root).sort()).toEqual([".gitignore", ".vscode"]);
  });

  it("refuses a file as DIR and more than one DIR", async () => {
    writeFileSync(join(root, "notes.txt"), "x");
    expect(await runPodc(["init", "notes.txt"], root)).toMatchObject({ code: 2, stderr: "podc init: notes.txt is a file, not a folder\n" });
    expect((await runPodc(["init", "a", "b"], root)).code).toBe(2);
    expect(dirname(root)).toBeTruthy();
  });
});
