import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Emacs (Debian 12's emacs-nox 28 with elpa-eglot, which CI installs) with exactly the init file docs/editor.md gives,
// read from the page itself: a .pod file opens in podscript-mode, eglot starts `podc lsp --stdio` by itself, the
// script's problem arrives through flymake, and its quick fix, chosen from eglot's code actions, mends the script.

const ROOT = join(import.meta.dirname, "..", "..");
const available = spawnSync("emacs", ["--version"], { encoding: "utf8" }).status === 0;

/** The Emacs Lisp of docs/editor.md's Emacs section: what a writer puts in their init file. */
function documentedInit(): string {
  const page = readFileSync(join(ROOT, "docs", "editor.md"), "utf8");
  const section = page.slice(page.indexOf("### Emacs"));
  const block = /```elisp\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("docs/editor.md has no elisp block in its Emacs section");
  return block;
}

// What the test does in the session, after Emacs has started as it does for a writer (packages activated, the init
// file loaded): open the script, let eglot connect (it does after the first command), wait for the diagnostics, take
// the quick fix titled "Change to HOST" where eglot would ask which, save, and write down what happened.
const DRIVE = `
(package-activate-all)
(load (expand-file-name "~/.emacs.d/init.el"))
(require (quote cl-lib))
(defun podc-test-wait (done)
  (let ((deadline (+ (float-time) 120)))
    (while (and (not (funcall done)) (< (float-time) deadline))
      (accept-process-output nil 0.1))))
(find-file (getenv "PODC_SCRIPT"))
(run-hooks 'post-command-hook)
(podc-test-wait (lambda () (and (eglot-current-server) (flymake-diagnostics))))
(let ((mode major-mode)
      (problems (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
  (goto-char (flymake-diagnostic-beg (car (flymake-diagnostics))))
  ;; As from the keyboard (M-x, not a mouse menu): eglot asks with completing-read.
  (let ((last-nonmenu-event ?x))
    (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "Change to HOST")))
      (call-interactively #'eglot-code-actions)))
  (save-buffer)
  (with-temp-file (getenv "PODC_OUT")
    (insert (format "%s\\n" mode))
    (dolist (p problems) (insert (format "%s\\n" (car (split-string p "\\n")))))))
`;

describe.runIf(available || process.env.PODC_REQUIRE_EMACS === "1")("Emacs with eglot", () => {
  it("checks a script and applies a quick fix with docs/editor.md's init file", { timeout: 240_000 }, () => {
    const home = mkdtempSync(join(tmpdir(), "podc-emacs-"));
    try {
      mkdirSync(join(home, ".emacs.d"));
      writeFileSync(join(home, ".emacs.d", "init.el"), documentedInit());
      writeFileSync(join(home, "drive.el"), DRIVE);
      // `podc` on the PATH, as an installed podc would be: this clone's.
      mkdirSync(join(home, "bin"));
      writeFileSync(join(home, "bin", "podc"), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, "bin", "podc.cjs")}" "$@"\n`);
      chmodSync(join(home, "bin", "podc"), 0o755);
      const project = join(home, "project");
      mkdirSync(project);
      writeFileSync(join(project, "podc.json"), "{}\n");
      const script = join(project, "episode.pod");
      writeFileSync(script, "Title: T\nCast:\n    HOST: Ethan\n\nHOTS: Hello.\n");
      const out = join(home, "out.txt");
      const emacs = spawnSync("emacs", ["--batch", "--load", join(home, "drive.el")], {
        cwd: project,
        encoding: "utf8",
        env: { ...process.env, HOME: home, PATH: `${join(home, "bin")}:${process.env.PATH ?? ""}`, PODC_SCRIPT: script, PODC_OUT: out },
        timeout: 200_000,
      });
      expect(existsSync(out), emacs.stderr).toBe(true);
      expect(readFileSync(out, "utf8").trim().split("\n")).toEqual(["podscript-mode", expect.stringMatching(/\[POD0201\]: unknown speaker HOTS$/)]);
      expect(readFileSync(script, "utf8")).toBe("Title: T\nCast:\n    HOST: Ethan\n\nHOST: Hello.\n");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
