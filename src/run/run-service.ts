import { clientOptionsFromSettings, ServiceClient } from "../service/client.js";
import { RetryBudget } from "./retry-budget.js";
import type { RunnerOptions } from "./run-options.js";

/*
 * How one run talks to the service: one client for every job, and one retry budget that every job's pauses draw on,
 * both paced by the configured poll interval.
 */

export function runService(options: RunnerOptions, random: () => number, now: () => number): { client: ServiceClient; budget: RetryBudget } {
  const settings = options.service.settings;
  const interval = settings.pollIntervalMs;
  const client = new ServiceClient({
    ...clientOptionsFromSettings(settings, options.service.apiKey, options.service.baseUrl),
    // Polling is itself a retry loop with the shared budget; one exchange's own retries stay short beside it.
    retry: { baseDelayMs: Math.min(500, interval), maxDelayMs: Math.min(8_000, Math.max(1_000, interval * 4)) },
  });
  const budget = new RetryBudget({ baseMs: Math.min(interval, 5_000), maxMs: 60_000, tokens: 10 + 2 * options.jobs.length, random, now });
  return { client, budget };
}
