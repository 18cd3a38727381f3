import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

/** The entries under test/ that tests start as child processes, by the name of their bundle. */
export const CHILD_ENTRIES = {
  "lsp-server": fileURLToPath(new URL("./lsp/server-entry.ts", import.meta.url)),
  podc: fileURLToPath(new URL("./run/podc-entry.ts", import.meta.url)),
  "serve-main": fileURLToPath(new URL("./emulator/fixtures/serve-main.ts", import.meta.url)),
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the child entries' bundles, built once per run by test/global-setup.ts. */
    childEntries: string;
  }
}

/** node's arguments that start a child entry: its bundle when the run built one, else its source through tsx. */
export function childEntry(name: keyof typeof CHILD_ENTRIES): string[] {
  const bundles = inject("childEntries");
  if (bundles) return [join(bundles, `${name}.mjs`)];
  return ["--import", import.meta.resolve("tsx"), CHILD_ENTRIES[name]];
}
