import type { SharedStoreAccess } from "../run/store.js";
import { stateTargetFrom, type StateTarget } from "./postgres/connection.js";
import type { TransferReport } from "./postgres/transfer.js";

/*
 * The front door of the state stores: which one a command uses. PODC_STATE_URL in the environment chooses the
 * shared store on PostgreSQL, which this folder implements and the command hands to the runner's front door;
 * without it, `.podc/` (the runner's own journal). The PostgreSQL code, and the driver with it, is loaded only when
 * the shared store is opened.
 */

/** The shared store at `target`, as the runner opens it. */
interface PostgresAccess extends SharedStoreAccess {
  readonly target: StateTarget;
}

/** The store the environment asks for, or a message saying what is wrong with PODC_STATE_URL. */
export function chooseStore(env: NodeJS.ProcessEnv): { kind: "file" } | PostgresAccess | { error: string } {
  const target = stateTargetFrom(env);
  if (target === undefined) return { kind: "file" };
  if ("error" in target) return target;
  return postgresAccess(target);
}

function postgresAccess(target: StateTarget): PostgresAccess {
  return {
    kind: "postgres",
    target,
    async open({ root, ...account }) {
      const [{ PostgresState }, { isAlive }, { repositoryOf }] = await Promise.all([
        import("./postgres/postgres-store.js"),
        import("../run/lock.js"),
        import("./postgres/repository.js"),
      ]);
      return PostgresState.open(target, { ...account, repository: repositoryOf(root), isGoneHere: (holder) => !isAlive(holder) });
    },
    async reader(root) {
      const [{ PostgresReader }, { repositoryOf }] = await Promise.all([import("./postgres/postgres-store.js"), import("./postgres/repository.js")]);
      return PostgresReader.open(target, repositoryOf(root));
    },
    isStoreError: isStateStoreError,
  };
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
