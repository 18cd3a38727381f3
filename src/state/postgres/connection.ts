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

/*
 * What a writer reads when the database fails: what happened and what to do next, in words — never a raw SQLSTATE,
 * a constraint's name or a credential. The server's own text is shown only for errors this table does not know.
 */
const BY_CODE: Record<string, (shown: string) => string> = {
  ECONNREFUSED: (shown) => `nothing answers at ${hostPort(shown)}: start PostgreSQL there, or fix the host and port in PODC_STATE_URL`,
  ENOTFOUND: (shown) => `the host of ${hostPort(shown)} is not known: fix the host name in PODC_STATE_URL, or check the network`,
  EAI_AGAIN: (shown) => `the host of ${hostPort(shown)} could not be looked up right now: check the network`,
  ETIMEDOUT: (shown) => `${hostPort(shown)} did not answer in time: check the network, a VPN or a firewall`,
  ECONNRESET: () => "the connection was cut: check the network",
  // invalid_password, invalid_authorization_specification: which of the two was wrong, the server does not say.
  "28P01": () => "the user name or password in PODC_STATE_URL was refused: ask whoever runs the database for the right ones",
  "28000": () => "the database refuses this user from this machine: ask whoever runs the database to let it in (pg_hba.conf)",
  "3D000": (shown) =>
    `the database ${databaseOf(shown)} does not exist on ${hostPort(shown)}: create it (createdb ${databaseOf(shown)}), or fix its name in PODC_STATE_URL`,
  "42501": (shown) =>
    `the user in PODC_STATE_URL may not create or change podc's tables in ${databaseOf(shown)}: ask whoever runs the database to make it the owner ` +
    `(ALTER DATABASE ${databaseOf(shown)} OWNER TO …), or to grant it CREATE and use of the podc_ tables`,
  "53100": () => "the database server's disk is full: ask whoever runs it to free space; nothing more is recorded until then",
  "53200": () => "the database server is out of memory: try again in a moment, or ask whoever runs it",
  "53300": () => "the database server has too many connections open: try again in a moment, or ask whoever runs it to raise max_connections",
  "57014": () => "a statement waited too long (60 s), most likely for a lock another client holds: try again, and look for a stuck session",
  "57P01": () => "the database server is shutting down",
  "57P02": () => "the database server restarted after a crash",
  "57P03": () => "the database server is starting up and not accepting connections yet",
  "25006": () => "the database is read-only (a standby, or a server in recovery): point PODC_STATE_URL at the primary",
  "40001": () => "the database kept refusing a change because other runs changed the same rows at the same moment: run again",
  "40P01": () => "the database kept refusing a change because other runs changed the same rows at the same moment: run again",
};

/** The same words by the class of the code (its first two characters), for codes the table above lacks. */
const BY_CLASS: Record<string, string> = {
  "08": "the connection to the database failed",
  "23": "the state database refused a change that breaks its own rules: its podc_ tables may have been edited by hand; ask whoever runs it",
  "42": "the state database does not have the tables or rights this podc expects: its podc_ tables may have been changed by hand",
  "53": "the database server ran out of a resource (disk, memory, connections): ask whoever runs it",
  XX: "the database server reported an internal error: ask whoever runs it to look at its log",
};

const hostPort = (shown: string): string => shown.slice(0, shown.indexOf("/"));
const databaseOf = (shown: string): string => shown.slice(shown.indexOf("/") + 1);

/** The words for a driver or server error (see above), with every secret removed. */
export function describeDbError(error: unknown, target: Pick<StateTarget, "secrets" | "shown">): string {
  const e = error as { message?: unknown; code?: unknown } | undefined;
  const code = typeof e?.code === "string" ? e.code : undefined;
  const known = code !== undefined ? BY_CODE[code] : undefined;
  if (known) return known(target.shown);
  const message = typeof e?.message === "string" && e.message ? e.message : String(error);
  const said = redactState(message.replace(/\s+/g, " ").trim(), target);
  const byClass = code !== undefined && /^[0-9A-Z]{5}$/.test(code) ? BY_CLASS[code.slice(0, 2)] : undefined;
  if (byClass) return byClass;
  if (/connection timeout|timeout expired/i.test(said)) return BY_CODE.ETIMEDOUT!(target.shown);
  if (/Connection terminated/i.test(said)) return BY_CODE.ECONNRESET!(target.shown);
  return said;
}

/** True for a failure a transaction may simply be tried again after: another client changed the same rows at the same moment. */
export function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "40001" || code === "40P01";
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
