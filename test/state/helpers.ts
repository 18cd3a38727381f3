import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import pg from "pg";
import type { JobRecord } from "../../src/state/job-record.js";
import type { Project } from "../run/helpers.js";

/** What the shared store knows of every job, read straight from its table. */
export async function sharedRecords(url: string): Promise<Map<string, JobRecord>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ job: string; record: JobRecord }>("SELECT job, record FROM podc_jobs");
    return new Map(result.rows.map((r) => [r.job, r.record]));
  } finally {
    await client.end();
  }
}

/** One statement against the database at `url`. */
export async function sql(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const copies: string[] = [];

/** Another working copy of a project: the same podc.json and scripts in a new folder (what a teammate's clone is). */
export function cloneProject(p: Project): Project {
  const dir = mkdtempSync(join(tmpdir(), "podc-clone-"));
  copies.push(dir);
  for (const name of ["podc.json", p.script]) cpSync(join(p.dir, name), join(dir, name));
  return { dir, script: p.script };
}

/** Folders cloneProject made (to remove in afterAll). */
export function clonedFolders(): string[] {
  return copies.splice(0);
}

/** The sha256 of a file. */
export function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/** The environment for a run against the emulator and the shared store. */
export function sharedEnv(base: NodeJS.ProcessEnv, url: string): NodeJS.ProcessEnv {
  return { ...base, PODC_STATE_URL: url };
}
