import { execFileSync } from "node:child_process";

/*
 * Which repository a job of the shared store belongs to, so that `podc status` and `podc state pull` show and take
 * this repository's jobs only, when one database serves several. The name must be the same in every clone, on every
 * machine: the first commit of the repository's git history is (a fork keeps it too, and is the same podcast). A
 * folder that is not a git repository has no such name; its jobs belong to no repository, and such a folder sees
 * every job of the store, as before repositories were told apart.
 */

/** The repository of `root` as the shared store names it (`git:<first commit>`), or undefined outside git. */
export function repositoryOf(root: string): string | undefined {
  try {
    const firsts = execFileSync("git", ["rev-list", "--max-parents=0", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => /^[0-9a-f]{40,64}$/.test(line))
      .sort();
    return firsts.length > 0 ? `git:${firsts[0]}` : undefined;
  } catch {
    return undefined; // not a git repository, no commit yet, or no git installed
  }
}

/** The SQL condition (on `podc_jobs` as `alias`) for the jobs repository `$n` may see: its own and those of no repository. */
export function repositoryScope(alias: string, parameter: number): string {
  return `($${parameter}::text IS NULL OR ${alias}.repository IS NULL OR ${alias}.repository = $${parameter})`;
}
