/*
 * What real machines do to a repository between and during runs — a newer podc's journal, a deleted
 * journal, an output folder that is a file, a state folder that cannot be written, leftovers of killed
 * runs — and what podc must do: stop before paying, or carry on without paying twice.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, manifestOf, MULTI_SONG, podc, project, records, removeProjects, SMALL } from "./helpers.js";

let emu: Emulator;

beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
});
afterAll(removeProjects);

const journalOf = (dir: string): string => join(dir, ".podc", "journal.jsonl");

describe("a journal from a newer podc", () => {
  it("stops the run before anything is sent: exit 2, written by a newer podc", async () => {
    const p = project(SMALL);
    mkdirSync(join(p.dir, ".podc"));
    writeFileSync(
      journalOf(p.dir),
      `${JSON.stringify({ v: 2, at: "t", job: "a".repeat(64), type: "intent", kind: "song" })}\n${JSON.stringify({ v: 7, at: "t", job: "a".repeat(64), type: "intent" })}\n`,
    );
    const before = emu.ledger().length;
    const r = await podc(["run", p.script], p.dir, envFor(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/journal\.jsonl:2 was written by a newer podc: upgrade podc/);
    expect(r.stderr).toContain("Nothing was sent.");
    expect(emu.ledger().length).toBe(before);
    expect(existsSync(join(p.dir, ".podc", "lock"))).toBe(false);
    const status = await podc(["status"], p.dir, envFor(emu));
    expect(status.code).toBe(2);
    expect(status.stderr).toContain("was written by a newer podc: upgrade podc");
    const dry = await podc(["run", "--dry-run", p.script], p.dir, envFor(emu));
    expect(dry.code).toBe(2);
  });

  it("stops on a manifest from a newer podc too, rather than overwrite it", async () => {
    const p = project(SMALL);
    mkdirSync(join(p.dir, "out", "episode"), { recursive: true });
    writeFileSync(join(p.dir, "out", "episode", "manifest.json"), JSON.stringify({ manifestVersion: 2, requests: [] }));
    const before = emu.ledger().length;
    const r = await podc(["run", p.script], p.dir, envFor(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("manifest.json was written by a newer podc (manifest format 2; this podc reads up to 1): upgrade podc");
    expect(emu.ledger().length).toBe(before);
  });
});

describe("a journal deleted, the manifests kept", () => {
  it("sends nothing again: what the manifests record is taken back into a new journal", async () => {
    const p = project(MULTI_SONG);
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code, first.stderr).toBe(0);
    const manifest = readFileSync(join(p.dir, "out", "episode", "manifest.json"), "utf8");
    rmSync(join(p.dir, ".podc"), { recursive: true });
    const before = emu.ledger().length;

    const dry = await podc(["run", "--dry-run", p.script], p.dir, envFor(emu));
    expect(dry.stdout).not.toContain("send (a paid request)");

    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("the journal did not know 5 requests that the manifests record; taken back from them (nothing they record is sent again)");
    expect(emu.ledger().length).toBe(before);
    expect([...records(p.dir).values()].map((r) => r.state)).toEqual(["done", "done", "done", "done", "done"]);
    const after = JSON.parse(readFileSync(join(p.dir, "out", "episode", "manifest.json"), "utf8"));
    expect(after.requests.map((r: { taskId?: string; files: unknown[] }) => [r.taskId, r.files])).toEqual(
      JSON.parse(manifest).requests.map((r: { taskId?: string; files: unknown[] }) => [r.taskId, r.files]),
    );
  });

  it("fetches a missing song file again by asking the service for its task, still without paying", async () => {
    const p = project(SMALL);
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(0);
    rmSync(join(p.dir, ".podc"), { recursive: true });
    const song = manifestOf(p.dir).requests.find((r) => r.kind === "song")!;
    rmSync(join(p.dir, "out", "episode", song.files[0]!.path));
    const before = emu.ledger().length;
    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(emu.ledger().length).toBe(before);
    expect(existsSync(join(p.dir, "out", "episode", song.files[0]!.path))).toBe(true);
  });
});

describe("checking before paying", () => {
  it("an output folder that is a file: exit 2 with the path and the reason, before any paid request", async () => {
    const p = project(SMALL);
    writeFileSync(join(p.dir, "out"), "not a folder\n");
    const before = emu.ledger().length;
    const r = await podc(["run", p.script], p.dir, envFor(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "podc run: cannot write out: this is a file, and podc needs a folder here (move it, or choose another --out). Nothing was sent.",
    );
    expect(emu.ledger().length).toBe(before);
  });

  it("a state folder that cannot be written: exit 2 with a message, never an internal error", async () => {
    const p = project(SMALL);
    writeFileSync(join(p.dir, ".podc"), "");
    const r = await podc(["run", p.script], p.dir, envFor(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("podc run: cannot write .podc: this is a file, and podc needs a folder here");
    expect(r.stderr).not.toMatch(/internal error|ENOTDIR: /);
  });

  it.runIf(process.getuid?.() !== 0)("a read-only output folder: exit 2, permission denied, in words", async () => {
    const p = project(SMALL);
    mkdirSync(join(p.dir, "out"));
    chmodSync(join(p.dir, "out"), 0o555);
    try {
      const r = await podc(["run", p.script], p.dir, envFor(emu));
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("permission denied");
      expect(r.stderr).not.toContain("ENOENT");
    } finally {
      chmodSync(join(p.dir, "out"), 0o755);
    }
  });
});

describe("leftovers of killed runs", () => {
  it("are removed on the next run — only podc's own temporary files", async () => {
    const p = project(SMALL);
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(0);
    const out = join(p.dir, "out", "episode");
    const ours = [".01-cold-open.wav.0123456789ab.part", ".manifest.json.a1b2c3d4e5f6.tmp", ".02-small-song-1.incoming"];
    const theirs = ["notes.tmp", ".my-draft.part", "take.wav.part", ".hidden"];
    for (const name of [...ours, ...theirs]) writeFileSync(join(out, name), "x".repeat(1000));
    writeFileSync(join(p.dir, ".podc", "lock.reclaim-deadbeef"), "");
    const r = await podc(["run", p.script], p.dir, envFor(emu));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("removed 3 temporary files left by an interrupted run");
    const left = readdirSync(out);
    for (const name of ours) expect(left).not.toContain(name);
    for (const name of theirs) expect(left).toContain(name);
    expect(readdirSync(join(p.dir, ".podc")).filter((n) => n.startsWith("lock.reclaim-"))).toEqual([]);
  });
});

describe("a damaged journal line", () => {
  it("makes the request it names an unknown outcome instead of paying for it again", async () => {
    const p = project(SMALL);
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(0);
    const song = [...records(p.dir).values()].find((r) => r.kind === "song")!;
    // Everything about the song but a mangled intent: as if its lines were lost and one half-survived.
    const kept = readFileSync(journalOf(p.dir), "utf8")
      .split("\n")
      .filter((l) => l && !l.includes(song.key));
    writeFileSync(journalOf(p.dir), `${kept.join("\n")}\n{"v":1,"job":"${song.key}","type":"int\u0000\u0000\n`);
    rmSync(join(p.dir, "out"), { recursive: true });
    const before = emu.ledger().length;
    const r = await podc(["run", p.script], p.dir, envFor(emu));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/journal\.jsonl:\d+: damaged \(not JSON\); the request it names is treated as "outcome unknown"/);
    expect(r.stderr).toContain("outcome unknown — the request may have been accepted and billed");
    expect(r.stderr).toContain("about this request, is damaged: it may have recorded a paid request");
    expect(emu.ledger().length).toBe(before);
  });

  it("a podcast whose intent line is lost is still finished from the lines that remain", async () => {
    const p = project(SMALL);
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(0);
    const podcast = [...records(p.dir).values()].find((r) => r.kind === "podcast")!;
    const lines = readFileSync(journalOf(p.dir), "utf8")
      .split("\n")
      .filter((l) => l && !(l.includes(podcast.key) && l.includes('"type":"intent"')));
    writeFileSync(journalOf(p.dir), `${lines.join("\n")}\n`);
    rmSync(join(p.dir, "out", "episode", "01-cold-open.wav"));
    const before = emu.ledger().length;
    const r = await podc(["run", p.script], p.dir, envFor(emu));
    expect(r.code, r.stderr).toBe(0);
    expect(emu.ledger().length).toBe(before);
  });
});

describe("the right words", () => {
  it.each([
    ["a one-letter key", "a", "PODC_API_KEY is 1 character long, too short to be a key (at least 8)"],
    ["a seven-letter key", "abcdefg", "PODC_API_KEY is 7 characters long"],
    [
      "a key with a typographic quote",
      "sk-podc-test-\u2019quoted\u2019",
      "PODC_API_KEY has a character outside ASCII (a typographic quote, a non-breaking space, a letter with an accent?) at position 14",
    ],
    ["a key with a letter from beyond Latin-1", "sk-podc-test-\u043a\u043b\u044e\u0447", "PODC_API_KEY has a character outside ASCII"],
    ["a key with a space", "sk-podc test-key", "PODC_API_KEY has a space at position 8"],
  ])("%s is a configuration error (exit 2) before any request", async (_what, key, message) => {
    const p = project(SMALL);
    const before = emu.ledger().length;
    const r = await podc(["run", p.script], p.dir, { PODC_BASE_URL: emu.url, PODC_API_KEY: key });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain("could not reach the service");
    expect(emu.ledger().length).toBe(before);
    expect(existsSync(join(p.dir, ".podc", "journal.jsonl"))).toBe(false);
  });

  it("a redirect answering a paid POST is an unknown outcome, never 'nothing was billed'", async () => {
    const p = project(SMALL);
    // A server at the service's address that sends every request elsewhere (a proxy, a login page, http→https).
    let posts = 0;
    const server = createServer((request, response) => {
      if (request.method === "POST") posts++;
      request.resume();
      response.writeHead(302, { location: "https://login.example.com/next" }).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const { port } = server.address() as AddressInfo;
      const r = await podc(["run", p.script], p.dir, { PODC_BASE_URL: `http://127.0.0.1:${port}`, PODC_API_KEY: "sk-podc-test-key-1234" });
      expect(r.code).toBe(1);
      expect(posts).toBe(1);
      expect(r.stderr).toContain("outcome unknown");
      expect(r.stderr).toContain(
        "answered with a redirect to https://login.example.com/next, which podc never follows for a paid request; it may have been received and billed",
      );
      expect(r.stderr).not.toContain("nothing was billed");
    } finally {
      server.close();
    }
  });
});
