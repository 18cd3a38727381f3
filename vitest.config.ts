import { defineConfig } from "vitest/config";
import { HeavyFirst, ISOLATED } from "./test/heavy-first.js";

// How the suite stays quick on two cores: most files share their worker's loaded modules (isolate: false), since
// loading podc's sources again for each of 160 files cost more than most files' tests; the few that replace a module
// (vi.mock) keep a fresh one. The slowest files start first (test/heavy-first.ts), so that the run does not end on
// one of them alone. Timeouts are for a busy machine: a test never fails because the machine is loaded.
export default defineConfig({
  test: {
    setupFiles: ["test/property-seed.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Two cores: more workers only thrash.
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    sequence: { sequencer: HeavyFirst },
    projects: [
      { extends: true, test: { name: "shared", include: ["test/**/*.test.ts"], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
