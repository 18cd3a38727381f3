import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { CONFIG_FILE } from "../config/load.js";
import { nearestHolding } from "../config/find.js";
import { STATE_DIR_NAME } from "../state/store.js";
import { defineCommand, type Parsed } from "./command.js";
import { docsPath, shippedFile } from "./installation.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { displayPath } from "../files/display-path.js";
import { findScripts } from "../workspace/find-scripts.js";

/*
 * `podc init [DIR]`: sets a writer's episode repository up — podc.json, .gitignore entries, an example episode, the
 * editor recommendation and a CI workflow. It never replaces a file: what exists is kept and listed. Every file is
 * written whole (a temporary file, then a link into place that fails if the name was taken meanwhile); if any write
 * fails, what this run created is removed again, so a full or read-only disk leaves the folder as it was.
 */

const OPTIONS = {} as const;

export const command = defineCommand(
  {
    name: "init",
    usage: ["[DIR]"],
    description: `Sets an episode repository up in DIR (default: the current folder): podc.json (with $schema, so editors
complete it), .gitignore entries for .podc/, out/ and node_modules/, an example episode in episodes/, the editor
recommendation in .vscode/extensions.json, and a GitHub Actions workflow that checks every script (with
annotations on the lines) and their layout on each push, and publishes the podcast to GitHub Pages once it is
set up (docs/publish.md).

It never replaces a file: what is already there is kept, and listed. Lines missing from an existing
.gitignore are added at its end.`,
    options: OPTIONS,
    exit: "0 set up (or already set up), 2 usage, or a file that could not be written (then nothing was changed).",
    docs: "docs/repository.md",
  },
  init,
);

/**
 * The lines .gitignore needs: podc's state and the audio, anchored at the repository root, and installed packages
 * wherever they are (podc itself is one: npm ci puts it back from the lock file).
 */
const IGNORED = [`/${STATE_DIR_NAME}/`, "/out/", "node_modules/"];

const EXAMPLE = `Title: Welcome to podc
Author: You
Cast:
    HOST:  Ethan
    GUEST: Victoria

# Cold open

HOST: Welcome to the first episode. Everything you hear was written as plain text.
GUEST: (laughing) And checked before a single request was paid for.

# The song

SONG: First Light
Style: acoustic folk, 90 bpm, warm, female vocals

[Verse]
Write it down before the morning
Every word where it belongs

[Chorus]
First light on the page
END SONG

HOST: Run podc check after every change, and podc run --local to hear a rough table read for free.
`;

const PROBLEM_MATCHER = `${JSON.stringify(
  {
    problemMatcher: [
      {
        owner: "podc",
        pattern: [
          {
            // What \`podc check --format line\` prints. Infos are left out: an annotation is for what needs attention.
            regexp: "^(.+?):(\\d+):(\\d+): (error|warning) (POD\\d+): (.*)$",
            file: 1,
            line: 2,
            column: 3,
            severity: 4,
            code: 5,
            message: 6,
          },
        ],
      },
    ],
  },
  null,
  2,
)}\n`;

function workflow(projectInRepo: string): string {
  const defaults = projectInRepo === "" ? "" : `defaults:\n  run:\n    working-directory: ${projectInRepo}\n\n`;
  return `# Checks every .pod script on each push and pull request. Mistakes appear as annotations on the lines they
# are about (through the problem matcher), and scripts not in the canonical layout fail the job (podc fmt fixes them).
# The job's summary says what the branch will send and cost (podc plan).
name: podc

on:
  push:
  pull_request:

${defaults}jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # podc plan compares with the pull request's base branch
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - name: Install podc
        run: npm ci
      - name: Annotate podc's findings on the lines they are about
        run: echo "::add-matcher::\${{ github.workspace }}/.github/podc-problem-matcher.json"
      - name: Check the scripts
        run: npx podc check --format line
      - name: Check the layout
        run: npx podc fmt --check
      - name: Say what this branch will send (the job's summary)
        # The service's address and the shared store let the plan read what is paid already; without them every
        # request counts as to send. The key is not needed: nothing is sent.
        env:
          PODC_BASE_URL: \${{ vars.PODC_BASE_URL }}
          PODC_STATE_URL: \${{ secrets.PODC_STATE_URL }}
        run: |
          base=""
          if [ -n "$GITHUB_BASE_REF" ]; then base="--base origin/$GITHUB_BASE_REF"; fi
          npx podc plan --markdown $base >> "$GITHUB_STEP_SUMMARY"

  # Publishes the podcast to GitHub Pages on each push to the default branch, once it is set up (docs/publish.md):
  # a podcast section in podc.json, Pages served by GitHub Actions, the repository variable PODC_PUBLISH set to
  # true and the shared state store's address in the secret PODC_STATE_URL. It pays for nothing: the audio comes
  # from the store (podc state pull), the episodes are built here, and podc publish writes the site.
  publish:
    needs: check
    if: github.event_name == 'push' && github.ref_name == github.event.repository.default_branch && vars.PODC_PUBLISH == 'true'
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    env:
      PODC_STATE_URL: \${{ secrets.PODC_STATE_URL }}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - name: Install ffmpeg and podc
        run: sudo apt-get update -qq && sudo apt-get install -y -qq ffmpeg && npm ci
      - name: Keep the built episodes from run to run
        # An unchanged episode is built once: with the same audio from the store, podc build finds it up to date
        # (out/…/build.json). After an edit, the last run's out/ is restored (restore-keys) and only the pieces the edit
        # changed are measured again (out/…/build-cache/, docs/build.md).
        uses: actions/cache@v4
        with:
          path: ${projectInRepo === "" ? "out" : `${projectInRepo}/out`}
          key: podc-out-\${{ hashFiles('**/*.pod', '**/*.fountain', '**/podc.json', '**/podc.lock') }}
          restore-keys: podc-out-
      - name: Bring the audio from the shared store
        run: npx podc state pull
      - name: Build the episodes
        # A draft without audio does not build; podc publish leaves drafts out and refuses any other episode not built.
        continue-on-error: true
        run: npx podc build $(git ls-files '*.pod')
      - name: Write the site
        run: npx podc publish --site site
      - name: Say when podcast.lock.json has guids to commit
        run: |
          git diff --quiet -- podcast.lock.json || echo "::warning file=podcast.lock.json::new episodes were published here; run podc publish and commit podcast.lock.json, so that their guids are kept in the repository"
      - uses: actions/upload-pages-artifact@v3
        with:
          path: ${projectInRepo === "" ? "site" : `${projectInRepo}/site`}
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}

/** One file init may create, or add lines to. */
interface Planned {
  path: string;
  text: string;
  /** For .gitignore: the lines added to an existing file, rather than a file created. */
  append?: string[];
  why: string;
}

async function init({ positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  if (positionals.length > 1) throw new UsageError(`takes at most one DIR, got ${positionals.join(" ")}`);
  const dir = resolve(io.cwd, positionals[0] ?? ".");
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`${positionals[0]} is a file, not a folder`);
  const repo = nearestHolding(dir, ".git") ?? dir;
  const projectInRepo = relative(repo, dir).split(sep).join("/");
  const schema = schemaPath(dir, repo);

  const wanted: Planned[] = [
    { path: join(dir, CONFIG_FILE), text: `${JSON.stringify({ $schema: schema.path }, null, 2)}\n`, why: "the project's configuration (podc.json)" },
    { path: join(dir, "episodes", "welcome.pod"), text: EXAMPLE, why: "an example episode" },
    {
      path: join(dir, ".vscode", "extensions.json"),
      text: `${JSON.stringify({ recommendations: ["podc.podc-vscode"] }, null, 2)}\n`,
      why: "the editor recommendation",
    },
    { path: join(repo, ".github", "workflows", "podc.yml"), text: workflow(projectInRepo), why: "the CI workflow" },
    { path: join(repo, ".github", "podc-problem-matcher.json"), text: PROBLEM_MATCHER, why: "the CI problem matcher" },
  ];
  const kept: string[] = [];
  const plan: Planned[] = [];
  for (const file of wanted) {
    if (existsSync(file.path)) kept.push(file.path);
    else plan.push(file);
  }
  // A project that already has scripts needs no example.
  const example = plan.findIndex((p) => p.path.endsWith(".pod"));
  if (example >= 0 && (await findScripts([], dir)).length > 0) plan.splice(example, 1);
  const gitignore = join(dir, ".gitignore");
  const ignoring = gitignoreAddition(gitignore);
  if (ignoring === undefined) kept.push(gitignore);
  else
    plan.push({
      path: gitignore,
      text: ignoring.text,
      append: ignoring.exists ? ignoring.missing : undefined,
      why: ignoring.exists ? "lines added" : "created",
    });

  const done: { path: string; undo: () => void }[] = [];
  try {
    for (const file of plan) done.push(write(file));
  } catch (error) {
    for (const step of done.reverse()) step.undo();
    const failed = (error as { path?: string }).path ?? dir;
    io.stderr.write(`podc init: cannot write ${displayPath(failed, io.cwd)}: ${reason(error)}; nothing was changed\n`);
    return EXIT.usage;
  }
  for (const file of plan) {
    const shown = displayPath(file.path, io.cwd);
    io.stdout.write(file.append ? `added ${listed(file.append)} to ${shown}\n` : `created ${shown}\n`);
  }
  for (const path of kept) io.stdout.write(`kept    ${displayPath(path, io.cwd)} (already there; not changed)\n`);
  if (!schema.inProject && plan.some((file) => file.path.endsWith(CONFIG_FILE))) {
    io.stderr.write(
      "podc init: podc is installed outside this project, so $schema in podc.json names its place on this machine;\n" +
        "  install podc in the project (npm install --save-exact ./podc-VERSION.tgz) for a path that works for everyone\n",
    );
  }
  io.stderr.write(nextSteps(dir, io.cwd, plan.length === 0));
  return EXIT.ok;
}

/**
 * `"$schema"` points at the schema of the podc that runs, so that editors complete podc.json: relative when podc is
 * installed in the repository (its node_modules, or a workspace's above the project), else its absolute path on this
 * machine (a global install).
 */
function schemaPath(dir: string, repo: string): { path: string; inProject: boolean } {
  const schema = shippedFile("schema/podc.schema.json");
  const inRepo = relative(repo, schema);
  if (inRepo.startsWith("..") || isAbsolute(inRepo)) return { path: schema.split(sep).join("/"), inProject: false };
  const rel = relative(dir, schema).split(sep).join("/");
  return { path: rel.startsWith("../") ? rel : `./${rel}`, inProject: true };
}

/** The new text of .gitignore, or undefined when it already ignores everything podc writes. */
function gitignoreAddition(path: string): { text: string; exists: boolean; missing: string[] } | undefined {
  let current = "";
  let exists = false;
  try {
    current = readFileSync(path, "utf8");
    exists = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const present = new Set(current.split(/\r?\n/).map((line) => line.trim().replace(/^\//, "").replace(/\/$/, "")));
  const missing = IGNORED.filter((entry) => !present.has(entry.replace(/^\//, "").replace(/\/$/, "")));
  if (missing.length === 0) return undefined;
  const newline = current.includes("\r\n") ? "\r\n" : "\n";
  const separator = current === "" || current.endsWith("\n") ? "" : newline;
  const block = [`# podc: its journal and lock (${STATE_DIR_NAME}/), the audio it downloads (out/), installed packages`, ...missing].join(newline);
  return { text: `${current}${separator}${current === "" ? "" : newline}${block}${newline}`, exists, missing };
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * Writes `file` whole and returns how to take it back. A new file is linked into place, which fails if the name
 * appeared meanwhile (so init never replaces a file, even in a race); .gitignore is replaced through a rename.
 */
function write(file: Planned): { path: string; undo: () => void } {
  const made = makeFolders(dirname(file.path));
  const temp = join(dirname(file.path), `.${randomBytes(6).toString("hex")}.podc-init.tmp`);
  const previous = file.append ? readFileSync(file.path) : undefined;
  try {
    writeFileSync(temp, file.text, { flag: "wx" });
    if (file.append) {
      renameSync(temp, file.path);
    } else {
      linkSync(temp, file.path);
      unlinkSync(temp);
    }
  } catch (error) {
    quietly(() => unlinkSync(temp));
    for (const folder of made.reverse()) quietly(() => rmdirSync(folder));
    throw Object.assign(error as Error, { path: file.path });
  }
  return {
    path: file.path,
    undo: () => {
      if (previous !== undefined) quietly(() => writeFileSync(file.path, previous));
      else quietly(() => unlinkSync(file.path));
      for (const folder of made.reverse()) quietly(() => rmdirSync(folder));
    },
  };
}

/** Creates `folder` and its missing parents; returns those it created, outermost first. */
function makeFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let current = folder; !existsSync(current); current = dirname(current)) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  const made: string[] = [];
  try {
    for (const path of missing) {
      mkdirSync(path);
      made.push(path);
    }
  } catch (error) {
    for (const path of made.reverse()) quietly(() => rmdirSync(path));
    throw Object.assign(error as Error, { path: missing[made.length] });
  }
  return made;
}

function quietly(action: () => void): void {
  try {
    action();
  } catch {
    // undoing is best effort: the error that made us undo is the one reported
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOSPC") return "the disk is full";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EEXIST") return "it appeared while podc init was running";
  if (code === "ENOTDIR") return "a file is in the way of a folder";
  return code ?? String(error);
}

function nextSteps(dir: string, cwd: string, nothingNew: boolean): string {
  const where = displayPath(dir, cwd);
  const cd = where === "" || dir === cwd ? "" : `cd ${where} && `;
  return `${nothingNew ? "podc init: this folder is already set up." : "podc init: done."} Next:
  ${cd}npx podc check                         check every script
  ${cd}npx podc run --local episodes/*.pod    hear a rough table read, free (out/ at the project's root)
What to commit, CI, editors and teams: ${docsPath("docs/repository.md")}
`;
}
