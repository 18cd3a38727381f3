// Cold start: whole podc processes on one episode against `node -e 0`, paired. For an episode, start-up is nearly all
// of the cost, so these are the figures a writer feels on every save.

import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { LspClient } from "../lib/lsp-client.js";
import type { BenchContext, Figure, Row } from "../lib/row.js";
import { paired, summarize } from "../lib/stats.js";

const EPISODE_BYTES = 30 * 1024;

function figure(id: string, label: string, runs: { subject: number[]; baseline: number[]; ratio: number[] }, target: number): Figure {
  return {
    id,
    label,
    unit: "ms",
    value: summarize(runs.subject),
    baseline: { label: "node -e 0", unit: "ms", value: summarize(runs.baseline) },
    ratio: { ...summarize(runs.ratio), of: "podc ÷ node" },
    target: { op: "<=", value: target },
  };
}

/** A whole command against `node -e 0`; every run must end as the command should (exit 0 or 1: it judged the script). */
async function command(context: BenchContext, runs: number, args: string[]): Promise<{ subject: number[]; baseline: number[]; ratio: number[] }> {
  const first = context.node([context.launcher, ...args], { discardStdout: true });
  if (first.status !== 0 && first.status !== 1) throw new Error(`podc ${args.join(" ")} exited ${first.status}: ${first.stderr.trim()}`);
  return paired(
    runs,
    2,
    () => context.node([context.launcher, ...args], { discardStdout: true }).ms,
    () => context.node(["-e", "0"]).ms,
  );
}

/**
 * The first run after an install or a Node upgrade: no code cache yet (bin/podc.cjs writes it as this run ends). Each
 * run starts with the cache removed, so the figure is what that first run costs, not a steady state.
 */
async function firstRun(context: BenchContext, runs: number, args: string[]) {
  const cache = join(context.root, "dist", "cache");
  return paired(
    runs,
    1,
    () => {
      rmSync(cache, { recursive: true, force: true });
      return context.node([context.launcher, ...args], { discardStdout: true }).ms;
    },
    () => context.node(["-e", "0"]).ms,
  );
}

/** From spawning `podc lsp --stdio` to the first diagnostics of an opened episode. */
async function lspFirstDiagnostics(context: BenchContext, text: string): Promise<number> {
  const client = await LspClient.start(context.launcher, context.data);
  try {
    await client.open("untitled:episode.pod", text);
    return performance.now() - client.spawnedAt;
  } finally {
    await client.stop();
  }
}

export const coldStart: Row = {
  id: "cold",
  title: "cold start of whole commands on one episode, against node -e 0",
  async run(context) {
    // Start-up figures are cheap and the noisiest: twice the repetitions.
    const runs = context.runs * 2;
    const episode = context.input("realistic", EPISODE_BYTES);
    const out: Figure[] = [];
    out.push(figure("cold.check", `podc check, ${EPISODE_BYTES / 1024} KB episode`, await command(context, runs, ["check", episode]), 1.5));
    out.push(figure("cold.compile", "podc compile, same episode", await command(context, runs, ["compile", episode]), 1.5));
    out.push(figure("cold.help", "podc --help", await command(context, runs, ["--help"]), 1.2));
    const fmt = figure("cold.fmt", "podc fmt --check, same episode", await command(context, runs, ["fmt", "--check", episode]), 1.5);
    delete fmt.target; // not a target of its own: shown because a writer's editor runs it on save
    out.push(fmt);
    const first = figure(
      "cold.check.first",
      "podc check, first run after install (no code cache yet)",
      await firstRun(context, context.runs, ["check", episode]),
      1.5,
    );
    delete first.target; // paid once per install or Node upgrade: shown, not held to the target
    out.push(first);
    const text = readFileSync(episode, "utf8");
    const lsp = await paired(
      runs,
      2,
      () => lspFirstDiagnostics(context, text),
      () => context.node(["-e", "0"]).ms,
    );
    out.push(figure("cold.lsp", "podc lsp: start to first diagnostics, same episode", lsp, 1.8));
    return out;
  },
};
