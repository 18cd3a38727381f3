import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (real ffmpeg builds, crash and kill runs, PostgreSQL, packaging, editors), slowest
 * first, as measured on a busy two-core machine. Started first, they run beside the many quick files instead of
 * after them, where the run would wait on one of them alone. A file missing from the list only starts later.
 */
const HEAVY = [
  "test/episode/rebuild.test.ts",
  "test/episode/build.test.ts",
  "test/run/crash.test.ts",
  "test/editors/code-server.test.ts",
  "test/episode/align.test.ts",
  "test/episode/incremental.test.ts",
  "test/cli/size-cap.test.ts",
  "test/lsp/robustness.test.ts",
  "test/state/shared-run.test.ts",
  "test/editors/vscode-package.test.ts",
  "test/package/install.test.ts",
  "test/cli/terminal.test.ts",
  "test/run/writers-tools.test.ts",
  "test/run/crash-steps.test.ts",
  "test/cli/launcher.test.ts",
  "test/state/run-lost.test.ts",
  "test/state/shared-crash.test.ts",
  "test/run/secrets.test.ts",
  "test/run/quirks.test.ts",
];

/**
 * Files that need podc's modules fresh rather than as the files before them in the worker left them: one replaces a
 * module (vi.mock); the other renders docs/diagnostics.md as `npx tsx scripts/diagnostics-doc.ts` does, before any
 * command has loaded the display-width tables (render-human.ts), which would change the underlines of wide characters.
 */
export const ISOLATED = ["test/run/downloads-copy.test.ts", "test/diagnostics-doc.test.ts"];

/** Vitest's order (the last run's durations when it has them, else file sizes), with the known heavy files first. */
export class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = HEAVY.indexOf(relative(spec.project.config.root, spec.moduleId).replaceAll("\\", "/"));
      return at === -1 ? HEAVY.length : at;
    };
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
