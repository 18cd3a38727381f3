import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/*
 * A real PostgreSQL for the tests, the way CI gets one: Debian's `postgresql` package puts its
 * programs under /usr/lib/postgresql/<major>/bin (not on PATH). Each test file starts its own server
 * with initdb and pg_ctl in a temporary folder, listening only on 127.0.0.1 at a free port, and stops
 * and removes it afterwards. PostgreSQL refuses to run as root, so as root the server runs as the
 * `postgres` user the package creates. The superuser has a random password, so the tests exercise
 * password authentication and can search every output for it.
 */

export interface TestPostgres {
  /** A `postgres://` URL with user and password, for PODC_STATE_URL. */
  url: string;
  user: string;
  password: string;
  port: number;
  /** A fresh, empty database on this server; its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed as Debian installs it, or undefined. */
export function postgresBin(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const majors = readdirSync(base)
    .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(join(base, name, "bin", "initdb")) && existsSync(join(base, name, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : join(base, majors[0], "bin");
}

/** Why the PostgreSQL tests cannot run here, or undefined when they can. In CI they must run: a missing server is an error there. */
export function postgresMissing(): string | undefined {
  if (postgresBin() !== undefined) return undefined;
  const why = "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin): apt-get install postgresql";
  if (process.env.CI) throw new Error(`${why} — CI must run the shared-state tests`);
  console.warn(`skipping the shared-state tests: ${why}`);
  return why;
}

let databases = 0;

/** Starts a private server; call `stop()` when done. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed");
  const dir = mkdtempSync(join(tmpdir(), "podc-pg-"));
  const owner = process.getuid?.() === 0 ? systemUser("postgres") : undefined;
  if (process.getuid?.() === 0 && !owner) throw new Error("running as root, but there is no `postgres` user to run the server as");
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, "data");
  const user = "podc_test";
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const pwfile = join(dir, "pwfile");
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  try {
    await exec(join(bin, "initdb"), ["-D", data, "-U", user, `--pwfile=${pwfile}`, "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"], as);
    rmSync(pwfile);
    let port = 0;
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      const options = [`-c listen_addresses=127.0.0.1`, `-c port=${port}`, `-c unix_socket_directories=${dir}`, "-c fsync=off", "-c max_connections=100"].join(
        " ",
      );
      try {
        await exec(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "-t", "60", "start"], as);
        break;
      } catch (error) {
        // Another program may have taken the port between our probe and the server's bind.
        if (attempt >= 3) throw new Error(`${(error as Error).message}\n${safeRead(join(dir, "log"))}`, { cause: error });
      }
    }
    const url = `postgres://${user}:${password}@127.0.0.1:${port}/postgres`;
    let stopped = false;
    return {
      url,
      user,
      password,
      port,
      async createDatabase() {
        const name = `podc_${process.pid}_${++databases}`;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return `postgres://${user}:${password}@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        await exec(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], as).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function systemUser(name: string): { uid: number; gid: number } | undefined {
  const line = safeRead("/etc/passwd")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return undefined;
  const fields = line.split(":");
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exec(command: string, args: string[], as: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...as,
      cwd: tmpdir(),
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C" },
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args[0] ?? ""} exited ${code}: ${output.trim()}`))));
  });
}
