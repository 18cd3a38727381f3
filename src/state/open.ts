import { FileStateReader, FileStore } from "./file-store.js";
import { stateTargetFrom, type StateTarget } from "./postgres/connection.js";
import type { TransferReport } from "./postgres/transfer.js";
import type { StateReader, StateStore } from "./store.js";

/*
 * The front door of the state stores: which one a command uses, and opening it. PODC_STATE_URL in the
 * environment chooses the shared store on PostgreSQL; without it, `.podc/` (the file store). The
 * PostgreSQL code, and the driver with it, is loaded only when it is chosen.
 */

export type StoreChoice = { kind: "file" } | { kind: "postgres"; target: StateTarget };

/** The store the environment asks for, or a message saying what is wrong with PODC_STATE_URL. */
export function chooseStore(env: NodeJS.ProcessEnv): StoreChoice | { error: string } {
  const target = stateTargetFrom(env);
  if (target === undefined) return { kind: "file" };
  if ("error" in target) return target;
  return { kind: "postgres", target };
}

/**
 * Opens the store for a run: the file store takes the repository's lock (LockHeldError when a live
 * run holds it); the shared store connects, checks its schema and registers the run (a state store
 * error otherwise: see isStateStoreError). Nothing has been sent when either fails.
 */
export async function openStore(choice: StoreChoice, stateDir: string, account: { apiKey: string; concurrency: number }): Promise<StateStore> {
  if (choice.kind === "file") return FileStore.open(stateDir, account.concurrency);
  const [{ PostgresState }, { isAlive }] = await Promise.all([import("./postgres/postgres-store.js"), import("../run/lock.js")]);
  return PostgresState.open(choice.target, { ...account, isGoneHere: (holder) => !isAlive(holder) });
}

/** Opens the store for reading only (`podc status`, `--dry-run`): no lock, no run registered. */
export async function openReader(choice: StoreChoice, stateDir: string): Promise<StateReader> {
  if (choice.kind === "file") return new FileStateReader(stateDir);
  const { PostgresReader } = await import("./postgres/postgres-store.js");
  return PostgresReader.open(choice.target);
}

/** `podc state push` / `pull`: see postgres/transfer.ts. */
export async function transferState(direction: "push" | "pull", target: StateTarget, stateDir: string, root: string): Promise<TransferReport> {
  const transfer = await import("./postgres/transfer.js");
  return transfer.transferState(direction, target, stateDir, root);
}

/** True for a failure of the shared store that the user must act on (unreachable, refused, a newer schema): exit 2. */
export function isStateStoreError(error: unknown): error is Error {
  return error instanceof Error && (error.name === "StateDbError" || error.name === "SchemaTooNewError");
}
