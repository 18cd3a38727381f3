import pg from "pg";
import { ClaimLostError } from "../store.js";
import { describeDbError, isConflict, isConnectionError, type StateTarget } from "./connection.js";

/*
 * The connection pool to the shared database, and the two ways podc uses it: a transaction (all or
 * nothing), and a transaction retried while the database is unreachable. The second is for what must
 * not be lost or skipped — a task id, a claim before a paid request: podc waits for the database to
 * come back (or for Ctrl-C or the deadline) rather than carry on without it.
 */

/** What a run is told when its row in podc_runs is gone: another machine judged it dead while it could not reach the database. */
export const RUN_GONE =
  "this run lost its place in the state database (it could not reach it for longer than the claim timeout, and another run freed what it held): " +
  "it sends nothing more — run podc run again, which resumes without sending anything twice";

/** A foreign key to podc_runs refused (23503): the run the statement names was deleted, ours included. */
function isRunGone(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | undefined;
  return e?.code === "23503" && typeof e.constraint === "string" && /_run_fkey$/.test(e.constraint);
}

/** The database failed in a way podc cannot wait out; the message is free of credentials. */
class StateDbError extends Error {
  override name = "StateDbError";
  constructor(
    message: string,
    readonly unreachable: boolean,
    /** Another client changed the same rows at the same moment: the transaction may be tried again. */
    readonly conflict = false,
  ) {
    super(message);
  }
}

/** How many times a transaction refused for a conflict with another client is tried in all. */
const CONFLICT_TRIES = 5;

export class Database {
  readonly pool: pg.Pool;
  /** The last connection problem, for messages; cleared by a success. */
  lastProblem: string | undefined;

  constructor(readonly target: StateTarget) {
    this.pool = new pg.Pool({ ...target.config, max: 4, idleTimeoutMillis: 30_000 });
    // An idle connection that breaks emits here; the next query reports it through the usual path.
    this.pool.on("error", (error) => (this.lastProblem = describeDbError(error, target)));
  }

  /**
   * Runs `work` in one transaction; rolls back on any error. A transaction refused because another client changed
   * the same rows at the same moment (a serialization failure, a deadlock) is run again, a few times. Errors carry
   * no credentials.
   */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#transactionOnce(work);
      } catch (error) {
        if (!(error instanceof StateDbError && error.conflict) || attempt >= CONFLICT_TRIES) throw error;
        await pause(20 * attempt + Math.floor(Math.random() * 30), undefined);
      }
    }
  }

  async #transactionOnce<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.wrap(error);
    }
    let broken: unknown;
    // A connection that breaks between two statements emits "error" on the client it is checked out as; unheard,
    // that would end the process. The statement in progress fails anyway, and is reported (or waited out) there.
    const onError = (error: Error): void => {
      broken = error;
      this.lastProblem = describeDbError(error, this.target);
    };
    client.on("error", onError);
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      this.lastProblem = undefined;
      return result;
    } catch (error) {
      if (isConnectionError(error)) broken = error;
      else await client.query("ROLLBACK").catch((e: unknown) => (broken = e));
      throw this.wrap(error);
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
      client.off("error", onError);
    }
  }

  /** One statement outside a transaction. */
  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    try {
      const result = await this.pool.query<R>(text, values);
      this.lastProblem = undefined;
      return result;
    } catch (error) {
      throw this.wrap(error);
    }
  }

  /**
   * `op`, retried with growing pauses (up to 5 s) while the database is unreachable, until it
   * succeeds, fails otherwise, or `signal` aborts (then the last error is thrown).
   */
  async retrying<T>(op: () => Promise<T>, signal: AbortSignal | undefined, onWait?: (problem: string) => void): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await op();
      } catch (error) {
        if (!(error instanceof StateDbError) || !error.unreachable || signal?.aborted) throw error;
        this.lastProblem = error.message;
        if (attempt === 0) onWait?.(error.message);
        await pause(Math.min(5_000, 100 * 2 ** attempt), signal);
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  wrap(error: unknown): Error {
    if (error instanceof StateDbError || !(error instanceof Error) || error.name === "SchemaTooNewError" || error.name === "ClaimLostError")
      return error as Error;
    if (isRunGone(error)) return new ClaimLostError(RUN_GONE);
    const unreachable = isConnectionError(error);
    const said = describeDbError(error, this.target);
    return new StateDbError(
      unreachable ? `cannot reach the state database ${this.target.shown}: ${said}` : `the state database ${this.target.shown} refused: ${said}`,
      unreachable,
      isConflict(error),
    );
  }
}

/** Waits `ms`, or less if `signal` aborts. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
