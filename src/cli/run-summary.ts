import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/schema.js";
import { displayPath } from "../files/display-path.js";
import { addToBill, emptyBill, totalCost, totalUnits } from "../pricing/billing.js";
import { formatMoney } from "../pricing/money.js";
import { jobKey, type Reporter, type RunEvent } from "../run/index.js";
import type { TaggedScript } from "./compile-scripts.js";

/*
 * The one summary a `podc run` ends with, after its build: what it sent (billed units, estimated cost) against what
 * it announced, what it reused, what is not done and what to do next, and where to listen. The progress above it
 * scrolls by; this is what a writer reads. It is told the run's events as the progress is, and counts.
 */

/** Phases that mean the service has the request: it was sent, and is billed. */
const TAKEN = new Set(["accepted", "polling", "downloading", "done"]);

export class RunTally {
  #toSend = 0;
  #jobs = 0;
  readonly #sending = new Set<string>();
  readonly #sent = new Set<string>();
  readonly #last = new Map<string, string>();
  #stopped: string | undefined;

  /** A reporter that tells `reporter` every event, and counts it here. */
  wrap(reporter: Reporter): Reporter {
    return {
      event: (event) => {
        this.#count(event);
        reporter.event(event);
      },
      close: () => reporter.close(),
    };
  }

  #count(event: RunEvent): void {
    if (event.type === "start") {
      this.#toSend = event.toSend;
      this.#jobs = event.jobs.length;
    } else if (event.type === "job") {
      this.#last.set(event.ref.job, event.phase);
      if (event.phase === "sending") this.#sending.add(event.ref.job);
      else if (TAKEN.has(event.phase) && this.#sending.has(event.ref.job)) this.#sent.add(event.ref.job);
    } else if (event.type === "problem" && (event.problem === "not-started" || event.problem === "not-sent" || event.problem === "error")) {
      this.#stopped ??= event.message;
    }
  }

  /**
   * The summary's lines (without `podc: `): sent, reused, not done, and each episode built. `local`: the emulator,
   * which bills nothing; `rerun`: the command that runs the scripts again.
   */
  lines(
    scripts: readonly TaggedScript[],
    options: {
      config: Config;
      keyBase: string;
      local: boolean;
      rerun: string;
      cwd: string;
      /** Whether the build ran and succeeded, or was not asked for. */ built: "yes" | "no" | "skipped";
    },
  ): string[] {
    const { config, keyBase, local } = options;
    const bill = emptyBill(config.pricing !== undefined && !local);
    const counted = new Set<string>();
    for (const script of scripts) {
      for (const request of script.plan.requests) {
        const key = jobKey(request.path, request.body, keyBase);
        if (!this.#sent.has(key) || counted.has(key)) continue;
        counted.add(key);
        addToBill(bill, request.kind === "song" ? { kind: "song", body: request.body } : { kind: "podcast", body: request.body }, config.pricing);
      }
    }
    const sent = this.#sent.size;
    const cost = totalCost(bill);
    const billed = local
      ? "the local service, nothing billed"
      : `${totalUnits(bill)} billed unit${totalUnits(bill) === 1 ? "" : "s"}${cost !== undefined && config.pricing ? `, ≈ ${formatMoney(cost, config.pricing.currency)}` : ""}`;
    let sentLine = `sent ${sent} request${sent === 1 ? "" : "s"} (${billed})`;
    if (sent < this.#toSend) sentLine += ` of the ${this.#toSend} to send${this.#stopped ? `: ${this.#stopped}` : ""}`;
    const reused = [...this.#last].filter(([job, phase]) => phase === "done" && !this.#sent.has(job)).length;
    const notDone = [...this.#last.values()].filter((phase) => phase !== "done").length + Math.max(0, this.#jobs - this.#last.size);
    const lines = [`${sentLine}; ${reused} reused${notDone > 0 ? `; ${notDone} not done: the lines above say why, then \`${options.rerun}\`` : ""}`];
    for (const script of scripts) {
      const formats = config.build.formats;
      const episode = join(script.outDir, `${script.name}.${formats.includes("mp3") ? "mp3" : formats[0]}`);
      const page = join(script.outDir, "index.html");
      if (options.built === "yes" && existsSync(episode)) lines.push(`listen: ${displayPath(episode, options.cwd)} (page: ${displayPath(page, options.cwd)})`);
    }
    if (options.built === "no" && notDone === 0) lines.push("the episode was not built: the lines above say why");
    return lines;
  }
}
