import type { ServiceSettings } from "../config/schema.js";
import { refuseInsecureUrl } from "../contract/loopback.js";
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
  if (!URL.canParse(baseUrl)) return { error: `${source} is not a URL: ${baseUrl}` };
  const url = new URL(baseUrl);
  const refusal = refuseInsecureUrl(url);
  if (refusal) return { error: `${source} is refused: ${refusal}` };
  if (url.username || url.password) return { error: `${source} must not carry a user name or password: the key belongs in PODC_API_KEY` };
  return { baseUrl, keyBase: keyBaseOf(baseUrl) };
}

/** The API key from the environment, or a message saying what to set. */
export function apiKeyFrom(env: NodeJS.ProcessEnv): { apiKey: string } | { error: string } {
  const apiKey = env.PODC_API_KEY ?? "";
  if (apiKey.trim().length === 0) {
    return { error: "no API key: set the environment variable PODC_API_KEY to your key (podc reads it from the environment only) — or try podc run --local, which needs none" };
  }
  if (/[\r\n\0]/.test(apiKey)) return { error: "PODC_API_KEY contains a line break or NUL character" };
  return { apiKey };
}
