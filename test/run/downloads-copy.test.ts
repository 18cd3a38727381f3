/*
 * A copy is journaled as the file its bytes are: when a journaled file's source changes between the check and the
 * copy (another job's download or copy replacing it in the same run), the copy is not journaled with the old sha256.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { NewEntry } from "../../src/state/job-record.js";

const swaps = new Map<string, Buffer>();

// Stands for the other job: right after podc has checked a source file, it is replaced by other bytes.
vi.mock("../../src/files/file-hash.js", async (importActual) => {
  const actual = await importActual<typeof import("../../src/files/file-hash.js")>();
  return {
    ...actual,
    verifyFile: async (path: string, bytes: number, sha256: string) => {
      const ok = await actual.verifyFile(path, bytes, sha256);
      const other = swaps.get(path);
      if (other) {
        swaps.delete(path);
        writeFileSync(path, other);
      }
      return ok;
    },
  };
});

const { ensureChoice, stageCopies } = await import("../../src/run/downloads.js");

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sha = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

function setting() {
  const root = mkdtempSync(join(tmpdir(), "podc-copy-"));
  dirs.push(root);
  const outDir = join(root, "out", "talk");
  mkdirSync(outDir, { recursive: true });
  const mine = Buffer.from("RIFF-this job's audio");
  writeFileSync(join(outDir, "03-part.wav"), mine);
  const entries: NewEntry[] = [];
  const job = { key: "job-a", kind: "podcast" } as never;
  const file = { choice: 0, file: "out/talk/03-part.wav", bytes: mine.length, sha256: sha(mine), contentType: "audio/wav" };
  const record = { key: "job-a", state: "done", files: [file] } as never;
  const ctx = {
    client: { download: () => Promise.resolve({ kind: "rejected", status: 404, message: "gone" }) } as never,
    journal: { where: "test", append: (entry: NewEntry) => Promise.resolve(void entries.push(entry)) } as never,
    root,
    maxBytes: 1 << 20,
    signal: new AbortController().signal,
    now: () => 0,
  };
  return { root, outDir, entries, job, record, file, ctx, target: { outDir, stem: "02-part" } };
}

describe("copying a journaled file to its new name", () => {
  it("never journals a copy whose bytes are not the journaled file's", async () => {
    const s = setting();
    swaps.set(join(s.outDir, "03-part.wav"), Buffer.from("RIFF-another job's newer audio"));
    const result = await ensureChoice(s.ctx, s.job, s.record, { index: 0, url: "http://127.0.0.1:9/gone" }, s.target);
    expect(result.type).toBe("failed");
    expect(s.entries.filter((e) => e.type === "downloaded")).toEqual([]);
    expect(existsSync(join(s.outDir, "02-part.wav"))).toBe(false);
    expect(readdirSync(s.outDir).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("copies every moved file before the run writes any, so a later write to its old name cannot reach it", async () => {
    const s = setting();
    const staged = await stageCopies(s.root, [{ job: s.job, record: s.record, choice: 0, target: s.target }]);
    // Now another job's file takes the old name.
    writeFileSync(join(s.outDir, "03-part.wav"), "RIFF-another job's newer audio");
    const result = await ensureChoice({ ...s.ctx, staged }, s.job, s.record, { index: 0, url: "http://127.0.0.1:9/gone" }, s.target);
    expect(result).toMatchObject({ type: "present", how: "copied", file: { sha256: s.file.sha256, file: "out/talk/02-part.wav" } });
    expect(sha(readFileSync(join(s.outDir, "02-part.wav")))).toBe(s.file.sha256);
    expect(s.entries.filter((e) => e.type === "downloaded")).toHaveLength(1);
    expect(staged.size).toBe(0);
    expect(readdirSync(s.outDir).filter((f) => f.startsWith("."))).toEqual([]);
  });
});
