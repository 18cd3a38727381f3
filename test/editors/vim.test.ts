import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Vim (Debian's package) with the set-up of editors/vim, as docs/editor.md gives it: a .pod file is a `podscript`, not
// Perl's `pod`, which Vim picks by itself. (The ALE half of the set-up needs ALE, which the test machines do not have.)

const ROOT = join(import.meta.dirname, "..", "..");
const available = spawnSync("vim", ["--version"], { encoding: "utf8" }).status === 0;

/** The file type Vim gives `episode.pod`, with `runtimepath` extended by `extra` when given. */
function filetypeOf(extra?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-vim-"));
  try {
    writeFileSync(join(dir, "episode.pod"), "HOST: Hello.\n");
    const out = join(dir, "filetype.txt");
    const rtp = extra ? ["--cmd", `set rtp^=${extra.replace(/[ ,\\]/g, "\\$&")}`] : [];
    spawnSync(
      "vim",
      [
        "-N",
        "-u",
        "NONE",
        "-i",
        "NONE",
        "-es",
        ...rtp,
        "-c",
        "filetype on",
        "-c",
        "edit episode.pod",
        "-c",
        `call writefile([&filetype], '${out}')`,
        "-c",
        "qa!",
      ],
      {
        cwd: dir,
        timeout: 30_000,
      },
    );
    return readFileSync(out, "utf8").trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.runIf(available)("Vim", () => {
  it("reads a .pod file as a podscript with editors/vim, where by itself it takes it for Perl's pod", () => {
    expect(filetypeOf()).toBe("pod");
    expect(filetypeOf(join(ROOT, "editors", "vim"))).toBe("podscript");
  });
});
