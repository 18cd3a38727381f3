import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * Where podc itself is installed: the folder of its package.json, found from this file whether it runs bundled
 * (dist/) or from source (src/cli/). Help names documentation by its path there, so it exists wherever podc does.
 */

let root: string | undefined;

/** The folder of podc's own package.json. */
function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && readName(manifest) === "podc") return (root = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error("internal: podc's package.json is missing from its installation");
    dir = parent;
  }
}

function readName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/** podc's version, from its package.json: one home for it. */
export function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

/** The absolute path of a documentation page shipped with podc (`docs/run.md`); the README when it is missing. */
export function docsPath(page: string): string {
  const path = join(packageRoot(), page);
  return existsSync(path) ? path : join(packageRoot(), "README.md");
}

/** A file shipped with podc, by its path in the package (`schema/podc.schema.json`). */
export function shippedFile(path: string): string {
  return join(packageRoot(), path);
}
