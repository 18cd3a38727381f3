import { createHmac } from "node:crypto";
import { ClaimLostError } from "../store.js";
import { type Database, pause, RUN_GONE } from "./database.js";
import type { RunRow } from "./runs.js";

/*
 * The account's concurrency limit across machines: `service.concurrency` tasks in flight per account,
 * counted in `podc_slots`, one row per slot. A run takes a free slot (or one whose run is dead: its
 * row is gone, so the slot's run is NULL) before a paid request and keeps it until the task ends,
 * exactly like the slots of one run on one machine. Waiting is polling with a short pause: slots turn
 * over at the pace of song tasks (minutes), so a fraction of a second is nothing beside it.
 */

export class AccountSlots {
  readonly #held: number[] = [];
  /** This run's waiters take turns in the order they asked (the runner's schedule), as on one machine. */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(
    readonly db: Database,
    readonly run: RunRow,
    readonly account: string,
    readonly size: number,
    readonly pauseMs = 250,
  ) {}

  /**
   * Waits for a free slot; resolves false (holding nothing) if `signal` aborts first. Database trouble is waited out,
   * except the run's own row gone (ClaimLostError): then no slot can ever be taken.
   */
  acquire(signal: AbortSignal): Promise<boolean> {
    const mine = this.#turn.then(() => this.#acquireNow(signal));
    this.#turn = mine.catch(() => undefined);
    return mine;
  }

  async #acquireNow(signal: AbortSignal): Promise<boolean> {
    while (!signal.aborted) {
      // A run that lost its row can never take a slot again: it stops waiting at once rather than at its deadline.
      if (this.run.lost) throw new ClaimLostError(RUN_GONE);
      const slot = await this.db
        .retrying(() => this.#take(), signal)
        .catch((error: unknown) => {
          if (error instanceof ClaimLostError) throw error;
          return undefined;
        });
      if (slot !== undefined) {
        this.#held.push(slot);
        return true;
      }
      await this.run.reapDead().catch(() => undefined);
      await pause(this.pauseMs, signal);
    }
    return false;
  }

  /** Frees one slot this run holds. */
  release(): void {
    const slot = this.#held.pop();
    if (slot === undefined) return;
    void this.db
      .retrying(
        () =>
          this.db.query("UPDATE podc_slots SET run = NULL, taken_at = NULL WHERE account = $1 AND slot = $2 AND run = $3", [this.account, slot, this.run.id]),
        undefined,
      )
      .catch(() => undefined); // ending the run frees it too
  }

  #take(): Promise<number | undefined> {
    return this.db.transaction(async (client) => {
      await client.query("INSERT INTO podc_slots (account, slot) SELECT $1, g FROM generate_series(0, $2 - 1) AS g ON CONFLICT DO NOTHING", [
        this.account,
        this.size,
      ]);
      const taken = await client.query<{ slot: number }>(
        `UPDATE podc_slots SET run = $3, taken_at = now()
           WHERE (account, slot) = (SELECT account, slot FROM podc_slots WHERE account = $1 AND slot < $2 AND run IS NULL ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING slot`,
        [this.account, this.size, this.run.id],
      );
      return taken.rows[0]?.slot;
    });
  }
}

/*
 * The account, identified without storing its key: HMAC-SHA256 of the API key under a salt that lives
 * in the database (`podc_settings.account_salt`, made at random when the schema is created). Machines
 * with the same key and the same database agree on the id, so they share the account's slots; the id
 * reveals nothing of the key, and without the database's salt it cannot even be tested against a
 * guessed key.
 */

/** The id of the account whose key is `apiKey`, under the database's salt (hex). */
export function accountId(apiKey: string, saltHex: string): string {
  return createHmac("sha256", Buffer.from(saltHex, "hex")).update(apiKey, "utf8").digest("hex");
}
