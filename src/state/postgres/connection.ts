import type { PoolConfig } from "pg";

/*
 * Where the shared state lives: `PODC_STATE_URL=postgres://user:password@host:port/database`, read
 * from the environment only — never a flag (shells keep history), never podc.json (it is committed).
 * The URL carries the credentials, so it is never shown: messages name the database as
 * `host:port/database`, and every text that comes back from the driver or the server is passed through
 * `redact` before it is shown, logged or written anywhere.
 */

const STATE_URL_VARIABLE = "PODC_STATE_URL";

/** The database as messages show it, and how to reach it. */
export interface StateTarget {
  /** `host:port/database`: no user, no password. */
  shown: string;
  config: PoolConfig;
  /** What must never appear in a message: the URL itself, its password, its user name. */
  secrets: string[];
}

/** The state database named by PODC_STATE_URL; undefined when it is not set (the file store is used); an error message when it is unusable. */
export function stateTargetFrom(env: NodeJS.ProcessEnv): StateTarget | undefined | { error: string } {
  const raw = env[STATE_URL_VARIABLE]?.trim();
  if (!raw) return undefined;
  if (!URL.canParse(raw)) return { error: `${STATE_URL_VARIABLE} is not a URL (expected postgres://user:password@host:port/database)` };
  const url = new URL(raw);
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    return { error: `${STATE_URL_VARIABLE} must start with postgres:// (it starts with ${url.protocol}//)` };
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "postgres";
  const host = url.hostname || "localhost";
  const port = url.port || "5432";
  const secrets = [raw];
  const password = decodeURIComponent(url.password);
  if (password) secrets.push(password, url.password);
  const user = decodeURIComponent(url.username);
  // A user name of one or two letters would garble every message it was removed from; longer ones are removed too.
  if (user.length >= 3) secrets.push(user, url.username);
  return {
    shown: `${host}:${port}/${database}`,
    config: {
      connectionString: raw,
      application_name: "podc",
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      // A statement never waits long on a lock: claims are retried by podc, not queued in the server.
      statement_timeout: 60_000,
    },
    secrets: [...new Set(secrets)].sort((a, b) => b.length - a.length),
  };
}

/** `text` without any of the target's secrets. */
function redactState(text: string, target: Pick<StateTarget, "secrets">): string {
  let out = text;
  for (const secret of target.secrets) out = out.split(secret).join("[redacted]");
  return out;
}

/** The words for a driver or server error, with every secret removed. */
export function describeDbError(error: unknown, target: Pick<StateTarget, "secrets">): string {
  const e = error as { message?: unknown; code?: unknown } | undefined;
  const message = typeof e?.message === "string" && e.message ? e.message : String(error);
  const code = typeof e?.code === "string" ? e.code : undefined;
  const text = code && !message.includes(code) ? `${message} (${code})` : message;
  return redactState(text.replace(/\s+/g, " ").trim(), target);
}

/**
 * True when the error means the database could not be reached or the connection broke, as opposed
 * to a statement the server refused: the first kind is waited out, the second is reported.
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") {
    if (/^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, ENOTFOUND, …
    if (code.startsWith("08")) return true; // connection exception
    if (code === "57P01" || code === "57P02" || code === "57P03") return true; // admin shutdown, crash shutdown, cannot connect now
  }
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(message);
}
