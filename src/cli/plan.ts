import { execFileSync } from "node:child_process";
import { relative, sep } from "node:path";
import { analyze } from "../compile.js";
import type { Config } from "../config/schema.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { baseUrlFrom, dryRun, jobKey, unreadableStateMessage, type DryRunReport } from "../run/index.js";
import { chooseStore, isStateStoreError } from "../state/store.js";
import { defineCommand, type Parsed } from "./command.js";
import { compileScripts, keepWhatWasSent, type TaggedScript } from "./compile-scripts.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { lockedPlan, readLock } from "./model-lock.js";
import { placeOf, planMarkdown, planText, planView, type BasePlaces, type PlanView } from "./plan-report.js";
import { findScripts } from "../workspace/find-scripts.js";

const OPTIONS = {
  base: { type: "string", arg: "REF", help: "the git revision to compare with (a branch, a tag, a commit): new and changed are judged against it" },
  json: { type: "boolean", help: "the plan as one JSON object on stdout" },
  markdown: { type: "boolean", help: "the plan as Markdown on stdout (for $GITHUB_STEP_SUMMARY or a pull-request comment)" },
} as const;

export const command = defineCommand(
  {
    name: "plan",
    usage: ["[PATH|GLOB …] [options]"],
    description: `Says what the next podc run of these scripts (all **/*.pod by default) will send, without sending
anything: per episode, the requests that are new, changed (against --base REF, a git revision), reused
(the state store has them: the journal, or the shared database with PODC_STATE_URL) or waiting for you,
and what the requests to send are billed, with pricing their estimated cost. The requests it counts
to send are the paid POSTs podc run will make. Needs the service's address (PODC_BASE_URL or
service.baseUrl) to read the store; not the key.`,
    options: OPTIONS,
    exit: "0 shown, 1 a script has errors; 2 usage, unreadable file or revision, bad configuration.",
    docs: "docs/run.md",
  },
  plan,
);

async function plan({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  if (values.json && values.markdown) throw new UsageError("--json and --markdown: choose one");
  const files = await findScripts(positionals, io.cwd);
  // A repository without scripts yet plans nothing, and says so: CI runs this on every push.
  const print = (view: PlanView) => io.stdout.write(values.json ? `${JSON.stringify(view, null, 2)}\n` : values.markdown ? planMarkdown(view) : planText(view));
  if (files.length === 0) {
    print(planView(emptyReport(), undefined));
    return EXIT.ok;
  }
  const compiled = await compileScripts(files, { out: undefined, local: false }, io);
  if ("exitCode" in compiled) return compiled.exitCode;
  const store = chooseStore(io.env);
  if ("error" in store) throw new UsageError(store.error);
  const target = baseUrlFrom(io.env, compiled.config.service);
  const keyBase = "error" in target ? undefined : target.keyBase;
  // As podc run will: a song the store knows as written stays as written (compile-scripts.ts).
  if (keyBase !== undefined) await keepWhatWasSent(compiled.scripts, compiled.root, keyBase, store);
  const base = values.base === undefined ? undefined : { ref: values.base, episodes: basePlaces(compiled.scripts, compiled, values.base, keyBase) };
  let report;
  try {
    report = await dryRun(
      compiled.scripts,
      compiled.root,
      keyBase,
      { resubmitAmbiguous: false, retryFailed: false, regenerateLost: false, local: false },
      store,
      [],
      {
        ...(compiled.config.pricing ? { pricing: compiled.config.pricing } : {}),
      },
    );
  } catch (error) {
    const unreadable = isStateStoreError(error) ? error.message : unreadableStateMessage(error);
    if (unreadable === undefined) throw error;
    throw new UsageError(unreadable);
  }
  print(planView(report, base));
  return EXIT.ok;
}

/**
 * What each script held at `ref`: its requests' job keys and places, compiled with today's podc.json and lock (so that
 * only the script's own changes count). A script the revision did not have holds nothing; one that did not compile
 * there holds nothing either.
 */
function basePlaces(
  scripts: readonly TaggedScript[],
  { root, config }: { root: string; config: Config },
  ref: string,
  keyBase: string | undefined,
): BasePlaces {
  const lock = readLock(root);
  const places: BasePlaces = new Map();
  const top = git(["rev-parse", "--show-toplevel"], root).trim();
  git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], root, `not a revision of this repository: ${ref}`);
  for (const script of scripts) {
    const inGit = relative(top, `${root}${sep}${script.sourceInRoot}`).split(sep).join("/");
    const held = { jobs: new Set<string>(), places: new Set<string>() };
    places.set(script.source, held);
    let text: string;
    try {
      text = execFileSync("git", ["show", `${ref}:${inGit}`], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    } catch {
      continue;
    }
    const analysis = analyze(text, { file: script.source, config });
    if (!analysis.plan || hasErrors(analysis.diagnostics)) continue;
    for (const request of lockedPlan(analysis.plan, lock, script.sourceInRoot, false).requests) {
      held.jobs.add(jobKey(request.path, request.body, keyBase ?? "unknown:"));
      held.places.add(placeOf({ kind: request.kind, origins: [request.origin] }));
    }
  }
  return places;
}

/** The dry run of no scripts. */
function emptyReport(): DryRunReport {
  const totals = { podcasts: 0, songs: 0, podcastCharacters: 0, lyricsCharacters: 0, billedUnits: 0, toSend: 0, done: 0, waitingForYou: 0 };
  return { journalConsulted: true, local: false, wouldStop: [], episodes: [], totals, newSpending: { requests: 0, billedUnits: 0 } };
}

function git(args: string[], cwd: string, failure = "git is not available here, or this is not a git repository"): string {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    throw new UsageError(`--base: ${failure}`);
  }
}
