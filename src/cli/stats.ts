import { allEpisodesTotals, type CountedEpisode } from "../stats/all-episodes.js";
import { episodeStats, STATS_VERSION } from "../stats/episode-stats.js";
import { statsText } from "../stats/stats-text.js";
import { displayWidthFor } from "../source/terminal-text.js";
import { defineCommand, type Parsed } from "./command.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { EXIT, scriptsNamed, type Io } from "./io.js";
import { Workspace } from "../workspace/workspace.js";

const OPTIONS = {
  json: { type: "boolean", help: "one JSON object on stdout (its shape: docs/stats.md)" },
} as const;

export const command = defineCommand(
  {
    name: "stats",
    usage: ["[PATH|GLOB …] [options]"],
    description: `Counts what each episode says and what it costs, before anything is sent: per speaker and per
section, the words, turns and characters as they would be sent, and the estimated spoken time
(speech.wordsPerMinute); per episode, the requests and the units the service bills (each take of a
song is one), and with prices in podc.json ("pricing") the estimated cost. With no argument, every
**/*.pod under the current folder; name a .fountain screenplay to count it too.`,
    options: OPTIONS,
    exit: "0 counted; 1 a script has errors (its diagnostics are printed, the others are counted); 2 usage, unreadable file or bad podc.json.",
    docs: "docs/stats.md",
  },
  stats,
);

async function stats({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  const files = await scriptsNamed(positionals, io);
  if (files.length === 0) return EXIT.ok;
  const workspace = await Workspace.forScripts(files);
  const printer = new DiagnosticPrinter(io, "human");
  const counted: CountedEpisode[] = [];
  const skipped: { source: string; errors: number }[] = [];
  for (const { shown, loaded, analysis } of printer.analysed(workspace, files)) {
    if (!analysis.plan) {
      await printer.script(analysis, shown, loaded);
      skipped.push({ source: shown, errors: analysis.diagnostics.filter((d) => d.severity === "error").length });
      continue;
    }
    counted.push({ plan: analysis.plan, pricing: loaded.config.pricing, stats: episodeStats(analysis.plan, analysis.script.body, loaded.config) });
  }
  await printer.brokenConfigs(workspace);
  if (printer.counts.error > 0) printer.finish(files.length);

  const episodes = counted.map((c) => c.stats);
  const all = counted.length > 1 ? allEpisodesTotals(counted) : undefined;
  if (values.json) {
    const document = { statsVersion: STATS_VERSION, episodes, ...(all ? { totals: all } : {}), skipped };
    io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  } else if (episodes.length > 0) {
    io.stdout.write(statsText(episodes, all, await displayWidthFor()));
  }
  return printer.exitCode(skipped.length > 0);
}
