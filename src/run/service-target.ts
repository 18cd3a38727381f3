import type { ServiceSettings } from "../config/schema.js";
import { baseUrlProblem } from "../contract/loopback.js";
import { apiKeyProblems } from "../service/api-key.js";
import { MIN_SECRET_LENGTH } from "../service/redact.js";
import { keyBaseOf } from "./job.js";

/*
 * Which service a run talks to and with what key, settled before any network I/O: the base URL from
 * PODC_BASE_URL or podc.json's service.baseUrl, the key from PODC_API_KEY only (never a flag, never a
 * file in the repository, where it would end up in version control).
 */

export interface ServiceTarget {
  baseUrl: string;
  /** What job keys are made with: the base URL without a trailing slash. */
  keyBase: string;
}

/** The configured base URL, or a message saying what to set (`missing` when none is set, rather than a wrong one). */
export function baseUrlFrom(env: NodeJS.ProcessEnv, settings: ServiceSettings): ServiceTarget | { error: string; missing?: true } {
  const fromEnv = env.PODC_BASE_URL?.trim();
  const baseUrl = fromEnv || settings.baseUrl;
  const source = fromEnv ? "PODC_BASE_URL" : "service.baseUrl in podc.json";
  if (!baseUrl) {
    return {
      error: "no service to send to: set PODC_BASE_URL (or service.baseUrl in podc.json) — or try podc run --local, which runs against the built-in emulator",
      missing: true,
    };
  }
  const problem = baseUrlProblem(baseUrl);
  if (problem?.kind === "not-a-url") return { error: `${source} is not a URL: ${baseUrl}` };
  if (problem?.kind === "credentials") return { error: `${source} ${problem.text}: the key belongs in PODC_API_KEY` };
  if (problem) return { error: `${source} ${problem.text}` };
  return { baseUrl, keyBase: keyBaseOf(baseUrl) };
}

/** The API key from the environment, or a message saying what to set. */
export function apiKeyFrom(env: NodeJS.ProcessEnv): { apiKey: string } | { error: string } {
  const apiKey = env.PODC_API_KEY ?? "";
  const problem = apiKeyProblems(apiKey)[0];
  switch (problem?.kind) {
    case undefined:
      return { apiKey };
    case "empty":
    case "blank":
      return {
        error:
          "no API key: set the environment variable PODC_API_KEY to your key (podc reads it from the environment only) — or try podc run --local, which needs none",
      };
    case "line-break":
      return { error: "PODC_API_KEY contains a line break or NUL character: check that it was copied whole, and nothing else" };
    case "odd-character": {
      const what =
        problem.character === " " || problem.character === "\t"
          ? "a space"
          : problem.character.charCodeAt(0) > 0x7e
            ? "a character outside ASCII (a typographic quote, a non-breaking space, a letter with an accent?)"
            : "a control character";
      return {
        error: `PODC_API_KEY has ${what} at position ${problem.index + 1}: an API key is plain ASCII letters, digits and punctuation — check that it was copied whole, and nothing else`,
      };
    }
    case "short":
      return {
        error: `PODC_API_KEY is ${problem.length} character${problem.length === 1 ? "" : "s"} long, too short to be a key (at least ${MIN_SECRET_LENGTH}): check that it was copied whole`,
      };
  }
}
