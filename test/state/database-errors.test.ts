/*
 * What a writer reads when the shared store fails, from a real PostgreSQL: what happened and the next step, in words
 * — never a raw SQLSTATE, a constraint's name or a credential — and a transaction refused for a conflict with another
 * client tried again rather than reported.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/state/postgres/database.js";
import { stateTargetFrom, type StateTarget } from "../../src/state/postgres/connection.js";
import { podc, project, removeProjects, SMALL } from "../run/helpers.js";
import { sql } from "./helpers.js";
import { postgresMissing, startPostgres, type TestPostgres } from "./postgres-server.js";

const missing = postgresMissing();
let server: TestPostgres;

beforeAll(async () => {
  if (missing) return;
  server = await startPostgres();
}, 300_000);
afterAll(async () => {
  await server?.stop();
  removeProjects();
});

/** `podc status` against the database at `url`: exit 2, and what it said, checked free of codes and credentials. */
async function statusSays(url: string, secrets: readonly string[]): Promise<string> {
  const p = project(SMALL);
  const status = await podc(["status"], p.dir, { PODC_STATE_URL: url });
  expect(status.code, status.stderr).toBe(2);
  const said = status.stdout + status.stderr;
  for (const secret of [...secrets, url]) expect(said.includes(secret), `a credential in: ${said}`).toBe(false);
  // No SQLSTATE (five characters of digits and capitals with a digit), no constraint or driver jargon.
  expect(said.split(`:${server.port}`).join(":PORT")).not.toMatch(/\b(?=[0-9A-Z]*[0-9])[0-9A-Z]{5}\b|_fkey|_pkey|_key\b|SQLSTATE|ECONN/);
  return said;
}

describe.skipIf(missing)("database errors in a writer's words", () => {
  it("a wrong password: the credentials are refused, and neither is printed", async () => {
    const url = `postgres://${server.user}:not-the-password-7Q@127.0.0.1:${server.port}/postgres`;
    const said = await statusSays(url, [server.password, "not-the-password-7Q", server.user]);
    expect(said).toContain("the user name or password in PODC_STATE_URL was refused: ask whoever runs the database for the right ones");
  });

  it("a database that does not exist: its name, and how to create it", async () => {
    const url = `postgres://${server.user}:${server.password}@127.0.0.1:${server.port}/no_such_db`;
    const said = await statusSays(url, [server.password, server.user]);
    expect(said).toContain(`the database no_such_db does not exist on 127.0.0.1:${server.port}: create it (createdb no_such_db)`);
  });

  it("nothing listening: where, and what to start", async () => {
    const url = `postgres://${server.user}:${server.password}@127.0.0.1:1/nowhere`;
    const said = await statusSays(url, [server.password, server.user]);
    expect(said).toContain("nothing answers at 127.0.0.1:1: start PostgreSQL there, or fix the host and port in PODC_STATE_URL");
  });

  it("a user without the right to make podc's tables: who may grant it", async () => {
    const url = await server.createDatabase();
    await sql(url, "CREATE ROLE podc_writer LOGIN PASSWORD 'writer-pw-55'");
    const name = new URL(url).pathname.slice(1);
    const writer = `postgres://podc_writer:writer-pw-55@127.0.0.1:${server.port}/${name}`;
    const said = await statusSays(writer, ["writer-pw-55", "podc_writer"]);
    expect(said).toContain(`the user in PODC_STATE_URL may not create or change podc's tables in ${name}: ask whoever runs the database to make it the owner`);
  });

  it("a transaction refused because another client changed the same row at that moment is tried again, not reported", async () => {
    const url = await server.createDatabase();
    await sql(url, "CREATE TABLE counter (id int PRIMARY KEY, v int NOT NULL)");
    await sql(url, "INSERT INTO counter VALUES (1, 0)");
    const db = new Database(stateTargetFrom({ PODC_STATE_URL: url }) as StateTarget);
    let attempts = 0;
    try {
      await db.transaction(async (client) => {
        attempts++;
        await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
        await client.query("SELECT v FROM counter WHERE id = 1");
        // Another machine changes the row after this transaction looked at it: the first attempt cannot commit.
        if (attempts === 1) await sql(url, "UPDATE counter SET v = v + 1 WHERE id = 1");
        await client.query("UPDATE counter SET v = v + 10 WHERE id = 1");
      });
    } finally {
      await db.close();
    }
    expect(attempts).toBe(2);
    expect((await sql(url, "SELECT v FROM counter WHERE id = 1")).rows[0].v).toBe(11);
  });
});
