import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runPodc } from "./io-helper.js";

const MESSY = "HOST:Hello.   \n\n\n\nGUEST :  Hi.\n";
const TIDY = "HOST: Hello.\n\nGUEST: Hi.\n";

function project(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), "podc-fmt-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

describe("podc fmt", () => {
  it("rewrites every script under the folder in place, and leaves tidy ones alone", async () => {
    const root = project({ "a.pod": MESSY, "deep/b.pod": TIDY, "node_modules/x/c.pod": MESSY, ".hidden/d.pod": MESSY });
    const before = statSync(join(root, "deep/b.pod")).mtimeMs;
    const r = await runPodc(["fmt"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("formatted 1 script of 2\n");
    expect(read(root, "a.pod")).toBe(TIDY);
    expect(statSync(join(root, "deep/b.pod")).mtimeMs).toBe(before);
    expect(read(root, "node_modules/x/c.pod")).toBe(MESSY);
    expect(read(root, ".hidden/d.pod")).toBe(MESSY);
    expect(readdirSync(root).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    const again = await runPodc(["fmt"], root);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("2 scripts already formatted\n");
  });

  it("formats only the files and globs it is given", async () => {
    const root = project({ "a.pod": MESSY, "b.pod": MESSY, "ep/c.pod": MESSY });
    const r = await runPodc(["fmt", "a.pod", "ep/*.pod"], root);
    expect(r.code).toBe(0);
    expect(read(root, "a.pod")).toBe(TIDY);
    expect(read(root, "b.pod")).toBe(MESSY);
    expect(read(root, "ep/c.pod")).toBe(TIDY);
  });

  it("keeps the file's permissions", async () => {
    const root = project({ "a.pod": MESSY });
    chmodSync(join(root, "a.pod"), 0o640);
    await runPodc(["fmt"], root);
    expect(statSync(join(root, "a.pod")).mode & 0o777).toBe(0o640);
  });

  it("formats the file a symbolic link points to, and keeps the link", async () => {
    const root = project({ "real/a.pod": MESSY });
    symlinkSync(join(root, "real/a.pod"), join(root, "link.pod"));
    await runPodc(["fmt", "link.pod"], root);
    expect(lstatSync(join(root, "link.pod")).isSymbolicLink()).toBe(true);
    expect(read(root, "real/a.pod")).toBe(TIDY);
  });

  it("--check lists what would change, exits 1, and writes nothing", async () => {
    const root = project({ "a.pod": MESSY, "b.pod": TIDY, "ep/c.pod": MESSY });
    const r = await runPodc(["fmt", "--check"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("a.pod\nep/c.pod\n");
    expect(read(root, "a.pod")).toBe(MESSY);

    const clean = await runPodc(["fmt", "--check", "b.pod"], root);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe("");
  });

  it("- reads standard input and writes standard output", async () => {
    const root = project({});
    const r = await runPodc(["fmt", "-"], root, {}, MESSY);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(TIDY);

    const check = await runPodc(["fmt", "--check", "-"], root, {}, MESSY);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe("-\n");
    expect((await runPodc(["fmt", "--check", "-"], root, {}, TIDY)).code).toBe(0);
  });

  it("keeps CRLF and a byte-order mark", async () => {
    const root = project({ "a.pod": "\uFEFFHOST:Hi.\r\n\r\n\r\nGUEST: Yo.\r\n" });
    await runPodc(["fmt"], root);
    expect(read(root, "a.pod")).toBe("\uFEFFHOST: Hi.\r\n\r\nGUEST: Yo.\r\n");
  });

  it("leaves a file that is not UTF-8 alone and exits 1", async () => {
    const latin1 = Uint8Array.from([...Buffer.from("HOST:  caf"), 0xe9, 0x0a]);
    const root = project({ "a.pod": latin1, "b.pod": MESSY });
    const r = await runPodc(["fmt"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("a.pod is not valid UTF-8; left unchanged");
    expect(readFileSync(join(root, "a.pod"))).toEqual(Buffer.from(latin1));
    expect(read(root, "b.pod")).toBe(TIDY);
  });

  it("exits 2 for a file it cannot read, a missing path, or - among files", async () => {
    const root = project({ "a.pod": MESSY });
    expect((await runPodc(["fmt", "missing.pod"], root)).code).toBe(2);
    expect((await runPodc(["fmt", "-", "a.pod"], root)).code).toBe(2);
    const unreadable = project({ "a.pod": MESSY });
    chmodSync(join(unreadable, "a.pod"), 0o000);
    const r = await runPodc(["fmt", "a.pod"], unreadable);
    // Root can read anything: then the file is simply formatted.
    if (process.getuid?.() !== 0) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("cannot read a.pod: permission denied");
    }
  });

  it("prints its help", async () => {
    const r = await runPodc(["fmt", "--help"], project({}));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("podc fmt [PATH|GLOB …] [--check]");
  });

  it("does not read a script over the size cap, on files, with --check and on standard input", async () => {
    const root = project({ "big.pod": MESSY, "podc.json": JSON.stringify({ limits: { fileBytes: 10 } }) });
    for (const args of [["fmt"], ["fmt", "--check"]]) {
      const r = await runPodc(args, root);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`podc fmt: big.pod: the file is ${MESSY.length} bytes, more than the 10 bytes podc reads; left unchanged`);
      expect(read(root, "big.pod")).toBe(MESSY);
    }
    for (const args of [
      ["fmt", "-"],
      ["fmt", "-", "--check"],
    ]) {
      const r = await runPodc(args, root, {}, MESSY);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("podc fmt: standard input: the file is");
    }
  });
});
