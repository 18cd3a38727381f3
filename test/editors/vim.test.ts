import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Vim (Debian's package) with the set-up of editors/vim, as docs/editor.md gives it: a .pod file is a `podscript`, not
// Perl's `pod`, which Vim picks by itself; and with ALE (Debian's vim-ale, which CI installs), the podc language
// server's diagnostics in a script and in a Fountain screenplay, with the ~/.vimrc lines docs/editor.md gives.

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
        timeout: 120_000,
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

/** Vim with ALE and editors/vim in a home of its own, on `file` in a project: its file type and ALE's problems. */
function ale(file: string, text: string): { filetype: string; problems: string[] } | undefined {
  const home = mkdtempSync(join(tmpdir(), "podc-vim-ale-"));
  try {
    cpSync(join(ROOT, "editors", "vim"), join(home, ".vim"), { recursive: true });
    writeFileSync(join(home, ".vimrc"), "set nocompatible\nlet g:ale_completion_enabled = 1\npackadd! ale\nfiletype plugin on\n");
    // `podc` on the PATH, as an installed podc would be: this clone's.
    mkdirSync(join(home, "bin"));
    writeFileSync(join(home, "bin", "podc"), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, "bin", "podc.cjs")}" "$@"\n`);
    chmodSync(join(home, "bin", "podc"), 0o755);
    mkdirSync(join(home, "project"));
    writeFileSync(join(home, "project", "podc.json"), "{}\n");
    writeFileSync(join(home, "project", file), text);
    const out = join(home, "out.txt");
    // ALE lints a moment after the buffer is read: poll for its problems rather than guess a time.
    const wait =
      "let g:n = 0 | while g:n < 600 && (!exists('*ale#engine#GetLoclist') || empty(ale#engine#GetLoclist(bufnr('')))) | sleep 100m | let g:n += 1 | endwhile";
    const write = `call writefile([&filetype] + (exists('*ale#engine#GetLoclist') ? map(ale#engine#GetLoclist(bufnr('')), 'v:val.text') : ['no ALE']), '${out}')`;
    spawnSync("vim", ["-N", "-u", join(home, ".vimrc"), "-i", "NONE", "-n", "-es", "-c", wait, "-c", write, "-c", "qa!", file], {
      cwd: join(home, "project"),
      env: { ...process.env, HOME: home, PATH: `${join(home, "bin")}:${process.env.PATH ?? ""}` },
      timeout: 120_000,
    });
    if (!existsSync(out)) return undefined;
    const [filetype = "", ...problems] = readFileSync(out, "utf8").trim().split("\n");
    return problems[0] === "no ALE" ? undefined : { filetype, problems };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Whether Vim has ALE to `packadd` (Debian's vim-ale). */
function aleInstalled(): boolean {
  if (!available) return false;
  const result = spawnSync("vim", ["-N", "-u", "NONE", "-i", "NONE", "-es", "-c", "packadd ale", "-c", "if exists(':ALELint') | qa! | else | cq | endif"], {
    timeout: 120_000,
  });
  return result.status === 0;
}

const hasAle = aleInstalled();

describe.runIf(hasAle || process.env.PODC_REQUIRE_VIM_ALE === "1")("Vim with ALE", () => {
  it("shows podc's problems in a script and in a screenplay", { timeout: 240_000 }, () => {
    const script = ale("episode.pod", "Title: T\nCast:\n    HOST: Ethan\n\nHOSTT: Hello.\n");
    expect(script).toEqual({ filetype: "podscript", problems: [expect.stringMatching(/^unknown speaker HOSTT/)] });
    const screenplay = ale("pilot.fountain", "Title: Pilot\n\nINT. ROOM - DAY\n\nANNA\nHi.\n");
    expect(screenplay).toEqual({ filetype: "fountain", problems: [expect.stringMatching(/^this screenplay has no Cast/)] });
  });
});
