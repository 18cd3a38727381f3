/*
 * `podc run` against the emulator on a real socket: a whole episode, reruns that must not pay twice,
 * files that go missing or rot, the manifest, --dry-run, --json and podc status.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import {
  envFor,
  emulator,
  expectKeyAbsent,
  manifestOf,
  MULTI_SONG,
  podc,
  postsByKey,
  project,
  records,
  sleep,
  SMALL,
  type Project,
  removeProjects,
} from "./helpers.js";

let emu: Emulator;

beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
});

const sha256 = (path: string): string => createHash("sha256").update(readFileSync(path)).digest("hex");

afterAll(removeProjects);

describe("a first run", () => {
  let p: Project;
  let first: Awaited<ReturnType<typeof podc>>;
  let ledgerBefore: number;

  beforeAll(async () => {
    p = project(MULTI_SONG);
    ledgerBefore = emu.ledger().length;
    first = await podc(["run", p.script], p.dir, envFor(emu));
  });

  it("produces every file and a manifest, and prints the manifest's path as its result", () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe("out/episode/manifest.json\n");
    const manifest = manifestOf(p.dir);
    expect(manifest.requests.map((r) => r.kind)).toEqual(["podcast", "song", "podcast", "song", "song"]);
    expect(manifest.requests.map((r) => r.origins[0]!.line)).toEqual([8, 11, 21, 24, 32]);
    const names = manifest.requests.flatMap((r) => r.files.map((f) => f.path));
    expect(names).toEqual([
      "01-cold-open.wav",
      "02-first-light-1.wav",
      "02-first-light-2.wav",
      "03-middle.wav",
      "04-second-wind-1.wav",
      "04-second-wind-2.wav",
      "05-third-shift-1.wav",
      "05-third-shift-2.wav",
    ]);
    for (const request of manifest.requests) {
      expect(request.state).toBe("done");
      expect(request.traceIds.length).toBeGreaterThan(0);
      if (request.kind === "song") expect(request.taskId).toMatch(/^\d+$/);
      for (const file of request.files) {
        const path = join(p.dir, "out", "episode", file.path);
        expect(sha256(path)).toBe(file.sha256);
        expect(readFileSync(path).length).toBe(file.bytes);
        expect(file.durationMs).toBeGreaterThan(0);
      }
    }
  });

  it("sends each request exactly once, with its job key as Idempotency-Key", () => {
    const ledger = emu.ledger().slice(ledgerBefore);
    const jobs = [...records(p.dir).values()];
    expect(ledger).toHaveLength(5);
    expect(jobs).toHaveLength(5);
    for (const job of jobs) {
      const posts = ledger.filter((e) => e.idempotency_key === idempotencyKey(job.key, 0));
      expect(posts).toHaveLength(1);
      expect(posts[0]!.billed).toBe(true);
    }
  });

  it("prints every task id to stderr the moment it arrives, and a trace id on every line about a request", () => {
    for (const job of records(p.dir).values()) {
      if (job.kind === "song") expect(first.stderr).toContain(`accepted task ${job.taskId}`);
    }
    const lines = first.stderr.split("\n").filter((l) => l.includes("] song ") || l.includes("] podcast "));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line).toMatch(/\[trace [0-9a-f]{32}\]|\[no trace id yet\]/);
  });

  it("never writes the key: not to stdout, stderr, the journal, the lock, the manifest or the audio", () => {
    expectKeyAbsent([first.stdout, first.stderr], [join(p.dir, ".podc"), join(p.dir, "out")]);
    expect(existsSync(join(p.dir, ".podc", "lock"))).toBe(false);
  });

  it("sends nothing on a second run and keeps every file", async () => {
    const before = emu.ledger().length;
    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(emu.ledger()).toHaveLength(before);
    expect(again.stderr).toContain("5 done");
    expectKeyAbsent([again.stdout, again.stderr], [join(p.dir, ".podc"), join(p.dir, "out")]);
  });

  it("downloads a corrupted file again, without a POST", async () => {
    const file = join(p.dir, "out", "episode", "04-second-wind-2.wav");
    const good = sha256(file);
    writeFileSync(file, "not the audio any more");
    rmSync(join(p.dir, "out", "episode", "01-cold-open.wav"));
    const before = emu.ledger().length;
    const audioBefore = emu.requests().filter((r) => r.route === "audio").length;
    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(emu.ledger()).toHaveLength(before);
    expect(sha256(file)).toBe(good);
    expect(existsSync(join(p.dir, "out", "episode", "01-cold-open.wav"))).toBe(true);
    expect(emu.requests().filter((r) => r.route === "audio").length - audioBefore).toBe(2);
    expect(again.stderr).toContain("downloaded out/episode/04-second-wind-2.wav");
  });

  it("shows every job in podc status, and what the next run will do", async () => {
    const status = await podc(["status"], p.dir, {});
    expect(status.code).toBe(0);
    expect(status.stdout).toContain("5 jobs: 5 done");
    expect(status.stdout).toContain('episode.pod:24  song "Second Wind"  task ');
    const json = await podc(["status", p.script, "--json"], p.dir, envFor(emu));
    const rows = (JSON.parse(json.stdout) as { jobs: { state: string; origin: { line: number }; files: string[] }[] }).jobs;
    expect(rows.map((r) => r.origin.line)).toEqual([8, 11, 21, 24, 32]);
    expect(rows.every((r) => r.state === "done" && r.files.length > 0)).toBe(true);
  });

  it("--dry-run counts requests and characters, says what is done, and sends nothing", async () => {
    const before = emu.requests().length;
    const dry = await podc(["run", "--dry-run", p.script], p.dir, envFor(emu));
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("5 requests: 2 podcast (");
    expect(dry.stdout).toContain("3 song (");
    expect(dry.stdout).toContain("would send 0 paid requests; already done: 5");
    expect(dry.stdout).toContain("Nothing was sent (dry run).");
    expect(emu.requests()).toHaveLength(before);
  });
});

describe("before any network I/O", () => {
  it("a missing key fails with exit 2 and says to set PODC_API_KEY; a missing URL says PODC_BASE_URL", async () => {
    const p = project(SMALL);
    const before = emu.requests().length;
    const noKey = await podc(["run", p.script], p.dir, { PODC_BASE_URL: emu.url });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("PODC_API_KEY");
    const noUrl = await podc(["run", p.script], p.dir, { PODC_API_KEY: "sk-x" });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain("PODC_BASE_URL");
    const plainHttp = await podc(["run", p.script], p.dir, { PODC_API_KEY: "sk-x", PODC_BASE_URL: "http://example.com" });
    expect(plainHttp.code).toBe(2);
    expect(plainHttp.stderr).toContain("https://");
    expect(emu.requests()).toHaveLength(before);
    expect(existsSync(join(p.dir, ".podc"))).toBe(false);
  });

  it("a script with errors sends nothing and exits 1", async () => {
    const p = project(SMALL.replace("HOST: Welcome", "HOSTT: Welcome"));
    const before = emu.requests().length;
    const result = await podc(["run", p.script], p.dir, envFor(emu));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("nothing was sent");
    expect(emu.requests()).toHaveLength(before);
  });
});

describe("a request the script repeats", () => {
  it("is sent once and its audio serves every origin", async () => {
    const jingle = "SONG: Jingle\nStyle: synthwave, 110 bpm\n\n[Verse]\nNight lines, night lines\nEND SONG\n";
    const p = project(`Title: Dup\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n# Open\n\n${jingle}\nHOST: Welcome.\nGUEST: Hello.\n\n${jingle}`);
    const before = emu.ledger().length;
    const result = await podc(["run", p.script], p.dir, envFor(emu));
    expect(result.code, result.stderr).toBe(0);
    expect(emu.ledger().length - before).toBe(2);
    const manifest = manifestOf(p.dir);
    expect(manifest.requests).toHaveLength(2);
    expect(manifest.requests[0]!.origins.map((o) => o.line)).toEqual([8, 18]);
  });
});

describe("links that expire", () => {
  it("a podcast whose file is gone after its link expired is reported, not regenerated — until --regenerate-lost", async () => {
    const short = await emulator({ linkTtlMs: 1500 });
    try {
      const p = project(SMALL);
      const first = await podc(["run", p.script], p.dir, envFor(short));
      expect(first.code, first.stderr).toBe(0);
      await sleep(2600);
      rmSync(join(p.dir, "out", "episode", "01-cold-open.wav"));
      const before = short.ledger().length;
      const again = await podc(["run", p.script], p.dir, envFor(short));
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/episode\.pod:8: podcast "Cold open": the audio is not on disk and its link no longer works/);
      expect(again.stderr).toContain("--regenerate-lost");
      expect(short.ledger()).toHaveLength(before);
      const regenerated = await podc(["run", p.script, "--regenerate-lost"], p.dir, envFor(short));
      expect(regenerated.code, regenerated.stderr).toBe(0);
      const posts = short.ledger().slice(before);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.idempotency_key).toMatch(/^[0-9a-f]{64}\.1$/);
    } finally {
      await short.close();
    }
  });
});

describe("--json", () => {
  it("prints one JSON event per line on stdout, and task ids on stderr too", async () => {
    const p = project(SMALL);
    const result = await podc(["run", p.script, "--json"], p.dir, envFor(emu));
    expect(result.code, result.stderr).toBe(0);
    const events = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; phase?: string; taskId?: string });
    expect(events[0]!.type).toBe("start");
    expect(events[events.length - 1]!.type).toBe("end");
    const accepted = events.find((e) => e.type === "job" && e.phase === "accepted" && e.taskId);
    expect(accepted).toBeDefined();
    expect(result.stderr).toContain(`task ${accepted!.taskId}`);
    expect(postsByKey(emu.ledger()).size).toBeGreaterThan(0);
  });
});

describe("several scripts in one run", () => {
  it("share a job they both contain: sent once, its files copied into each episode", async () => {
    const p = project(SMALL, {}, "first");
    const text = readFileSync(join(p.dir, "first.pod"), "utf8");
    writeFileSync(join(p.dir, "second.pod"), text.replace("# Cold open", "# Another opening").replace("Glad to be here.", "Glad to be back."));
    const before = emu.ledger().length;
    const result = await podc(["run", "first.pod", "second.pod"], p.dir, envFor(emu));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("out/first/manifest.json\nout/second/manifest.json\n");
    expect(emu.ledger().length - before).toBe(3); // two podcasts, one song
    const first = manifestOf(p.dir, "first").requests[1]!.files;
    const second = manifestOf(p.dir, "second").requests[1]!.files;
    expect(second.map((f) => f.sha256)).toEqual(first.map((f) => f.sha256));
    expect(second.map((f) => f.path)).toEqual(["02-small-song-1.wav", "02-small-song-2.wav"]);
    expect(result.stderr).toContain("copied out/second/02-small-song-1.wav");
  });
});

describe("the account's concurrency", () => {
  it("with service.concurrency 1 on an account that allows 1 task at a time, no request is ever turned away", async () => {
    const trial = await emulator({ concurrency: 1 });
    try {
      const p = project(MULTI_SONG, { concurrency: 1 });
      const result = await podc(["run", p.script], p.dir, envFor(trial));
      expect(result.code, result.stderr).toBe(0);
      expect(trial.ledger().map((e) => e.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await trial.close();
    }
  });
});

describe("without a service configured", () => {
  it("--dry-run still shows the plan, and says the journal was not consulted", async () => {
    const p = project(SMALL);
    const dry = await podc(["run", "--dry-run", p.script], p.dir, {});
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("2 requests: 1 podcast (");
    expect(dry.stdout).toContain("the journal was not consulted");
    expect(dry.stdout).toContain("a real run would stop before sending anything: no service to send to: set PODC_BASE_URL");
    expect(dry.stdout).toContain("a real run would stop before sending anything: no API key: set the environment variable PODC_API_KEY");
  });

  it("--dry-run refuses a service address the real run would refuse, and says when the key is missing", async () => {
    const p = project(SMALL);
    for (const url of ["not a url", "http://api.example.com", "https://user:secret@api.example.com"]) {
      const dry = await podc(["run", "--dry-run", p.script], p.dir, { PODC_BASE_URL: url });
      expect(dry.code, url).toBe(2);
      expect(dry.stdout).toBe("");
      expect(dry.stderr).toMatch(/^podc run: PODC_BASE_URL /);
      expect(dry.stderr).not.toContain("secret");
    }
    const noKey = await podc(["run", "--dry-run", p.script], p.dir, { PODC_BASE_URL: "https://api.example.com" });
    expect(noKey.code).toBe(0);
    expect(noKey.stdout).toContain("would send 2 paid requests");
    expect(noKey.stdout).toContain("a real run would stop before sending anything: no API key");
  });

  it("--dry-run --local calls its requests free, not paid", async () => {
    const p = project(SMALL);
    const dry = await podc(["run", "--dry-run", "--local", p.script], p.dir, {});
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("would send 2 requests to the built-in emulator — free: nothing is billed");
    expect(dry.stdout).not.toMatch(/paid|would stop/);
  });

  it("podc status FILE falls back to the journal's jobs from that script", async () => {
    const p = project(SMALL);
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(0);
    const status = await podc(["status", p.script], p.dir, {});
    expect(status.code).toBe(0);
    expect(status.stderr).toContain("PODC_BASE_URL");
    expect(status.stdout).toContain("2 jobs: 2 done");
  });
});
