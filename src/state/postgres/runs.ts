import { randomBytes } from "node:crypto";
import type { Database } from "./database.js";

/*
 * Each `podc run` against the shared store is a row in `podc_runs` with its host, pid, start time and
 * a heartbeat the run renews every few seconds. Claims on jobs and account slots point at that row.
 * A run is dead when its heartbeat is older than the claim timeout (a machine that vanished), or
 * sooner when it ran on this very host and its process is gone (kill -9 here, seen at once). A dead
 * run's row is deleted; its claims and slots fall free with it (ON DELETE SET NULL), and whatever it
 * was sending when it died reads as "outcome unknown" — exactly as after a crash on one machine.
 */

/** Who a run is, as shown when it holds something another run wants. */
export interface RunHolder {
  host: string;
  pid: number;
  startedAt: string;
}

/** Whether a run on this host is gone (its process no longer exists, or the pid belongs to a newer process). */
export type IsGoneHere = (holder: RunHolder) => boolean;

export class RunRow {
  readonly id = randomBytes(12).toString("hex");
  #timer: NodeJS.Timeout | undefined;
  /** Set when the heartbeat found our row deleted: another machine judged this run dead. */
  lost = false;
  #lastReap = 0;

  constructor(
    readonly db: Database,
    readonly holder: RunHolder,
    readonly timeoutSeconds: number,
    readonly isGoneHere: IsGoneHere,
  ) {}

  /** Inserts the row and starts the heartbeat (every third of the timeout). */
  async register(account: string | undefined): Promise<void> {
    await this.db.query("INSERT INTO podc_runs (id, host, pid, started_at, account) VALUES ($1, $2, $3, $4, $5)", [
      this.id,
      this.holder.host,
      this.holder.pid,
      this.holder.startedAt,
      account ?? null,
    ]);
    const every = Math.max(200, (this.timeoutSeconds * 1000) / 3);
    this.#timer = setInterval(() => void this.beat(), every);
    this.#timer.unref();
  }

  /** Renews the heartbeat; a missing row means this run was judged dead and must send nothing more. */
  async beat(): Promise<void> {
    try {
      const result = await this.db.query("UPDATE podc_runs SET heartbeat_at = now() WHERE id = $1", [this.id]);
      if (result.rowCount === 0) this.lost = true;
    } catch {
      // Unreachable for now: the claims' own transactions notice and wait.
    }
  }

  /**
   * Deletes dead runs (at most once a second): those whose heartbeat expired, and those of this host
   * whose process is gone. Their claims and slots become free.
   */
  async reapDead(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.#lastReap < 1_000) return;
    this.#lastReap = now;
    await this.db.query("DELETE FROM podc_runs WHERE heartbeat_at < now() - make_interval(secs => $1)", [this.timeoutSeconds]);
    const here = await this.db.query<{ id: string; pid: number; started_at: string }>(
      "SELECT id, pid, started_at FROM podc_runs WHERE host = $1 AND id <> $2",
      [this.holder.host, this.id],
    );
    const gone = here.rows.filter((row) => this.isGoneHere({ host: this.holder.host, pid: row.pid, startedAt: row.started_at })).map((row) => row.id);
    if (gone.length > 0) await this.db.query("DELETE FROM podc_runs WHERE id = ANY($1)", [gone]);
  }

  /** Stops the heartbeat and deletes the row: every claim and slot it still holds is freed. */
  async end(): Promise<void> {
    clearInterval(this.#timer);
    await this.db.query("DELETE FROM podc_runs WHERE id = $1", [this.id]).catch(() => undefined);
  }
}
