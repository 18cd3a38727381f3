import { join } from "node:path";

/** The folder, at the repository root, that holds the journal, the lock and the local emulator's ledger. */
export const STATE_DIR_NAME = ".podc";

/** The state folder (`.podc/`) of a repository root. */
export function stateDir(root: string): string {
  return join(root, STATE_DIR_NAME);
}
