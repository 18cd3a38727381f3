import { join } from "node:path";
import pg from "pg";
import { foldJournal, type JobRecord } from "../../src/state/job-record.js";
import type { JournalEntry } from "../../src/state/job-record.js";
import { readJournal } from "../../src/state/journal.js";
import { postgresMissing, startPostgres, type TestPostgres } from "./postgres-server.js";

/*
 * The two state stores, for tests that must hold for both (the runner's crash tests): what to add to a
 * run's environment to use the store, and how to read back what it recorded.
 */

export interface OpenedStore {
  /** Added to the environment of every run. */
  env(): NodeJS.ProcessEnv;
  /** Every job's record, as the store holds it for the repository at `dir`. */
  records(dir: string): Promise<Map<string, JobRecord>>;
}

export interface StoreUnderTest {
  name: "file" | "postgres";
  open(): Promise<OpenedStore>;
  /** An empty store for the next test (the file store is per repository, so always empty for a new one). */
  fresh(): Promise<void>;
  close(): Promise<void>;
  /** The database URL while open (postgres only). */
  url?: string;
}

const fileStore: StoreUnderTest = {
  name: "file",
  async open() {
    return { env: () => ({}), records: async (dir) => foldJournal(readJournal(join(dir, ".podc")).entries) };
  },
  async fresh() {},
  async close() {},
};

let server: TestPostgres | undefined;
const postgresStore: StoreUnderTest = {
  name: "postgres",
  async open() {
    server = await startPostgres();
    await postgresStore.fresh();
    return {
      env: () => ({ PODC_STATE_URL: postgresStore.url! }),
      records: () =>
        query(postgresStore.url!, "SELECT job, record FROM podc_jobs", (rows) => new Map(rows.map((r) => [r.job as string, r.record as JobRecord]))),
    };
  },
  async fresh() {
    postgresStore.url = await server!.createDatabase();
  },
  async close() {
    await server?.stop();
  },
};

/** The stores to test here: the PostgreSQL one only where PostgreSQL is installed (always in CI). */
export const STORES: StoreUnderTest[] = postgresMissing() ? [fileStore] : [fileStore, postgresStore];

/** Every entry the store recorded, in order (the journal's lines, or the shared store's entries). */
export async function journalOf(store: StoreUnderTest, dir: string): Promise<JournalEntry[]> {
  if (store.name === "file") return readJournal(join(dir, ".podc")).entries;
  return query(store.url!, "SELECT entry FROM podc_entries ORDER BY seq", (rows) => rows.map((r) => r.entry as JournalEntry));
}

async function query<T>(url: string, text: string, shape: (rows: Record<string, unknown>[]) => T): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return shape((await client.query(text)).rows);
  } finally {
    await client.end();
  }
}
