import { appendFileSync, existsSync, readFileSync } from "node:fs";

/**
 * One paid POST the emulator received, written as one JSON line before the answer leaves (so a
 * connection reset after it still counts). `units` is what a user would be billed: the number of
 * song choices (`n`, 2 when absent) or 1 podcast; 0 when the request was refused.
 */
export interface LedgerEntry {
  /** ISO time of receipt. */
  at: string;
  trace_id: string;
  path: string;
  kind: "song" | "podcast";
  /** The HTTP status the emulator decided on (the client may never have seen it). */
  status: number;
  billed: boolean;
  units: number;
  /** The task id of a created song. */
  task_id: string | null;
  /** The `Idempotency-Key` header as sent, or null. */
  idempotency_key: string | null;
  /** sha256 of the request body, to spot the same request billed twice. */
  body_sha256: string;
  /** The injected fault that shaped the answer, or null. */
  fault: string | null;
}

/** Append-only JSONL record of paid POSTs. Writes are synchronous so their order is the order of arrival. */
export class Ledger {
  constructor(readonly path: string) {}

  append(entry: LedgerEntry): void {
    appendFileSync(this.path, `${JSON.stringify(entry)}\n`, "utf8");
  }

  entries(): LedgerEntry[] {
    return readLedger(this.path);
  }
}

/** Reads a ledger file; a missing file is an empty ledger. */
export function readLedger(path: string): LedgerEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as LedgerEntry);
}

/** Units a user would have been billed for, by the entries of a ledger. */
export function billedUnits(entries: readonly LedgerEntry[]): number {
  return entries.reduce((n, e) => n + (e.billed ? e.units : 0), 0);
}
