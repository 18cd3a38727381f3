import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";

// Neovim (Debian's package) drives the language server through its own LSP client, set up exactly as
// editors/neovim/podc.lua (the set-up docs/editor.md gives) sets it up: the podscript file type, diagnostics, a quick
// fix taken from the end of a line, completion after `@`, references, and a podc.json change seen without restart.
// CI installs neovim (.ci/run) and requires this test; elsewhere it runs when `nvim` is on the PATH.

const ROOT = join(import.meta.dirname, "..", "..");
const nvim = spawnSync("nvim", ["--version"], { encoding: "utf8" });
const available = nvim.status === 0;
const required = process.env.PODC_REQUIRE_NEOVIM === "1";

describe.runIf(available || required)(`Neovim (${available ? nvim.stdout.split("\n")[0] : "missing"})`, () => {
  it("gets diagnostics, a quick fix from the end of a line, completion, references, and a podc.json change", { timeout: 240_000 }, () => {
    expect(available, "nvim is not installed (apt-get install neovim)").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "podc-nvim-"));
    try {
      // `podc` on the PATH, as the set-up expects: here the sources of this checkout.
      const bin = join(dir, "bin");
      spawnSync("mkdir", [bin]);
      // The set-up runs `podc lsp --stdio`; the entry for tests is the language server already (it adds `lsp`).
      writeFileSync(join(bin, "podc"), `#!/bin/sh\nshift\nexec "${process.execPath}" --import tsx "${join(ROOT, "test", "lsp", "server-entry.ts")}" "$@"\n`);
      chmodSync(join(bin, "podc"), 0o755);
      const project = join(dir, "project");
      spawnSync("mkdir", [project]);
      writeFileSync(join(project, "podc.json"), '{ "cast": { "HOST": "Ethan" } }\n');
      writeFileSync(join(project, "episode.pod"), "HOST: Hello.\n\nGUEST: Hi there.\nDJ: Welcome to the show.\n");
      writeFileSync(join(project, "other.pod"), "HOST: In another episode.\n");
      const out = join(dir, "results.json");
      const run = spawnSync(
        "nvim",
        ["--headless", "--clean", "-u", join(ROOT, "editors", "neovim", "podc.lua"), "-c", `luafile ${join(ROOT, "test", "editors", "neovim-drive.lua")}`],
        {
          cwd: ROOT,
          encoding: "utf8",
          timeout: 200_000,
          env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, PODC_NVIM_DIR: project, PODC_NVIM_OUT: out },
        },
      );
      const results = JSON.parse(readFileSync(out, "utf8"));
      expect(results.error, run.stderr).toBeUndefined();
      expect(results.filetype).toBe("podscript");
      expect(results.diagnostics).toEqual(["POD0201@2", "POD0201@3"]);
      expect(results.actions).toEqual(["Add DJ to the Cast with the voice Jake"]);
      expect(results.textAfterFix.slice(0, 4)).toEqual(["Cast:", "    DJ: Jake", "", "HOST: Hello."]);
      expect(results.afterFix).toEqual(["POD0201@5"]);
      expect(results.completion).toEqual(expect.arrayContaining(["HOST", "DJ"]));
      expect(results.completedLine).toBe("@HOST: ");
      expect(results.references).toEqual(["episode.pod:3", "episode.pod:7", "other.pod:0", "podc.json:0"]);
      // GUEST has a voice now: no speaker is unknown (what is left is the empty `@HOST:` speech typed above).
      expect(results.afterConfig.filter((c: string) => c.startsWith("POD0201"))).toEqual([]);
      expect(results.afterConfig).toContain("POD0601@7");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
