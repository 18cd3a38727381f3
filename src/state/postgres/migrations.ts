import { randomBytes } from "node:crypto";
import type { ClientBase } from "pg";

/*
 * The shared database's schema, versioned and forward-only. `podc_schema` records each version as it
 * is applied; a podc applies the versions it knows and the database lacks, in order, each in the same
 * transaction as its record, under an advisory lock so that two machines starting at once do not
 * both migrate. A database at a version this podc does not know was written by a newer podc, whose
 * rows this one might misread (and pay again for what they record): it is refused, never downgraded.
 *
 * A migration, once released, is never edited: a change is a new version.
 */

interface Migration {
  version: number;
  /** Run in order inside the migration's transaction. */
  statements: (client: ClientBase) => string[];
}

/** Every field's meaning is in docs/team.md ("What the shared store holds"). */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: () => [
      // The salt of the account hash (see account-slots.ts) and the claim timeout, shared by every machine.
      `CREATE TABLE podc_settings (name text PRIMARY KEY, value text NOT NULL)`,
      `INSERT INTO podc_settings (name, value) VALUES ('account_salt', '${randomBytes(32).toString("hex")}'), ('claim_timeout_seconds', '60')`,
      // One row per live `podc run`: who it is and when it last said so.
      `CREATE TABLE podc_runs (
         id text PRIMARY KEY,
         host text NOT NULL,
         pid integer NOT NULL,
         started_at text NOT NULL,
         account text,
         heartbeat_at timestamptz NOT NULL DEFAULT now()
       )`,
      // One row per job key: what is known of it (the journal's record, folded) and who holds it now.
      `CREATE TABLE podc_jobs (
         job text PRIMARY KEY,
         state text NOT NULL,
         record jsonb NOT NULL,
         claim_run text REFERENCES podc_runs (id) ON DELETE SET NULL,
         claimed_at timestamptz,
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
      // Every step of every job, in order: the journal, shared. Ids are made by the writer, so a
      // commit whose answer was lost can be looked up afterwards.
      `CREATE TABLE podc_entries (
         seq bigserial PRIMARY KEY,
         id text NOT NULL UNIQUE,
         job text NOT NULL REFERENCES podc_jobs (job),
         entry jsonb NOT NULL,
         run text,
         written_at timestamptz NOT NULL DEFAULT now()
       )`,
      `CREATE INDEX podc_entries_job ON podc_entries (job, seq)`,
      // The account's concurrency: one row per slot; a slot is taken by a live run or free.
      `CREATE TABLE podc_slots (
         account text NOT NULL,
         slot integer NOT NULL,
         run text REFERENCES podc_runs (id) ON DELETE SET NULL,
         taken_at timestamptz,
         PRIMARY KEY (account, slot)
       )`,
      // Audio by content: a file's chunks, then its row, which is written last and so means "complete".
      `CREATE TABLE podc_audio_chunks (sha256 text NOT NULL, seq integer NOT NULL, data bytea NOT NULL, PRIMARY KEY (sha256, seq))`,
      `CREATE TABLE podc_audio (
         sha256 text PRIMARY KEY,
         bytes bigint NOT NULL,
         content_type text NOT NULL,
         chunks integer NOT NULL,
         stored_at timestamptz NOT NULL DEFAULT now()
       )`,
    ],
  },
  {
    version: 2,
    // Which repository each job belongs to (repository.ts): status and pull show and take a repository's own.
    statements: () => [`ALTER TABLE podc_jobs ADD COLUMN repository text`, `CREATE INDEX podc_jobs_repository ON podc_jobs (repository)`],
  },
];

/** The newest schema version this podc knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** The database's schema is newer than this podc: exit 2, upgrade podc. */
export class SchemaTooNewError extends Error {
  override name = "SchemaTooNewError";
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`the state database was written by a newer podc (schema version ${found}; this podc knows up to ${known}): upgrade podc`);
  }
}

/** An arbitrary constant: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 0x70_6f_64_63; // "podc"

/** Brings the database to SCHEMA_VERSION; returns the version found before. Throws SchemaTooNewError. */
export async function migrate(client: ClientBase): Promise<number> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS podc_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), podc text NOT NULL)`,
    );
    const found = Number((await client.query<{ v: number | null }>("SELECT max(version) AS v FROM podc_schema")).rows[0]?.v ?? 0);
    if (found > SCHEMA_VERSION) throw new SchemaTooNewError(found, SCHEMA_VERSION);
    for (const migration of MIGRATIONS) {
      if (migration.version <= found) continue;
      for (const statement of migration.statements(client)) await client.query(statement);
      await client.query("INSERT INTO podc_schema (version, podc) VALUES ($1, $2)", [migration.version, `schema ${migration.version}`]);
    }
    await client.query("COMMIT");
    return found;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
