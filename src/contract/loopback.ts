import { isIP } from "node:net";

/**
 * True when `hostname` (as `URL.hostname` gives it, IPv6 in brackets or not) names this machine's
 * loopback interface: `localhost`, 127.0.0.0/8, `::1`, or an IPv4-mapped 127.x address.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost") return true;
  const family = isIP(host);
  if (family === 4) return host.startsWith("127.");
  if (family === 6) {
    if (host === "::1") return true;
    // The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1; both spellings reach the same loopback.
    const mapped = /^::ffff:(.+)$/.exec(host)?.[1];
    if (mapped === undefined) return false;
    if (isIP(mapped) === 4) return mapped.startsWith("127.");
    return /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(mapped);
  }
  return false;
}

/**
 * Why `url` may not carry a request to the service or its audio links, or undefined when it may:
 * `https:` anywhere, plain `http:` only to a loopback address (where nothing can listen in).
 */
export function refuseInsecureUrl(url: URL): string | undefined {
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:") {
    return isLoopbackHost(url.hostname) ? undefined : `plain http:// is refused for ${url.host}: use https://, or http:// only to 127.0.0.1, ::1 or localhost`;
  }
  return `unsupported URL scheme ${url.protocol} (only https:, or http: to loopback)`;
}

/**
 * Why `url` may not be fetched as an audio link, or undefined when it may: `https:` or `http:`. Plain http is allowed
 * here, unlike for the service: the key never goes to an audio link on another origin (and never over plain http),
 * and a paid take on a CDN that serves http is worth more than the eavesdropper's chance of hearing it first.
 */
export function refuseAudioLink(url: URL): string | undefined {
  if (url.protocol === "https:" || url.protocol === "http:") return undefined;
  return `unsupported URL scheme ${url.protocol} (only https: and http: links are downloaded)`;
}

/** What can be wrong with a base URL; each user words it for where the URL came from. */
export type BaseUrlProblem = { kind: "not-a-url"; text: "is not a URL" } | { kind: "insecure" | "credentials"; text: string };

/**
 * What is wrong with `text` as the service's base URL, worded to follow its name ("… is not a URL"), or undefined
 * when it will do: a URL, https (or http to loopback), and no user name or password (the key goes in a header).
 */
export function baseUrlProblem(text: string): BaseUrlProblem | undefined {
  if (!URL.canParse(text)) return { kind: "not-a-url", text: "is not a URL" };
  const url = new URL(text);
  const refusal = refuseInsecureUrl(url);
  if (refusal) return { kind: "insecure", text: `is refused: ${refusal}` };
  if (url.username || url.password) return { kind: "credentials", text: "must not carry a user name or password" };
  return undefined;
}
