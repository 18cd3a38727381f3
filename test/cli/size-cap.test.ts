/*
 * One size cap (limits.fileBytes, 2 MiB by default) that every front honours: a script one byte over it is refused
 * by podc check, compile, fmt, import and the language server alike, with the same words and nothing else read.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { formatText } from "../../src/format/format.js";
import { startClient } from "../lsp/client.js";
import { runPodc } from "./io-helper.js";

const CAP = defaultConfig().limits.fileBytes;
const dir = mkdtempSync(join(tmpdir(), "podc-size-cap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A script of `bytes` bytes: a title, then the same line of speech again and again. */
function scriptOf(bytes: number, line = "HOST: Welcome back to the night lines.\n"): string {
  const head = "Title: Too Long\n\n";
  const body = line.repeat(Math.ceil((bytes - head.length) / line.length));
  return (head + body).slice(0, bytes - 1) + "\n";
}

const OVER = scriptOf(CAP + 1);
const SAID = `the file is ${CAP + 1} bytes, more than the ${CAP} bytes podc reads`;
writeFileSync(join(dir, "big.pod"), OVER);

describe(`a script one byte over the cap (${CAP} bytes)`, () => {
  it("the default cap is 2 MiB", () => expect(CAP).toBe(2 * 1024 * 1024));

  it.each([["check"], ["compile"], ["fmt", "--check"]])("podc %s refuses it with the size diagnostic", { timeout: 300_000 }, async (...args) => {
    const r = await runPodc([...args, "big.pod"], dir);
    expect(r.code, r.stderr).toBe(args[0] === "fmt" ? 2 : 1);
    expect(r.stdout + r.stderr).toContain(SAID);
  });

  it("podc import refuses it with the size diagnostic and writes nothing", { timeout: 300_000 }, async () => {
    writeFileSync(join(dir, "big.fountain"), "HOST\nWelcome back.\n\n".repeat(Math.ceil((CAP + 1) / 20) + 1).slice(0, CAP + 1));
    const r = await runPodc(["import", "big.fountain", "--stdout"], dir);
    expect(r.code, r.stderr + r.stdout.slice(0, 300)).toBe(1);
    expect(r.stderr).toContain(`more than the ${CAP} bytes podc reads`);
    expect(r.stdout).toBe("");
  });

  it("the language server answers it with the size diagnostic, and stays responsive", { timeout: 300_000 }, async () => {
    const client = await startClient(pathToFileURL(dir).href);
    try {
      const { diagnostics } = await client.open(pathToFileURL(join(dir, "big.pod")).href, readFileSync(join(dir, "big.pod"), "utf8"));
      expect(diagnostics.map((d) => d.code)).toEqual(["POD0004"]);
      expect(diagnostics[0]!.message).toContain(SAID);
      const small = await client.open("untitled:small.pod", "Title: Small\nCast:\n    HOST: Ethan\n\n# Cold open\n\nHOST: Hello.\n");
      expect(small.diagnostics).toEqual([]);
    } finally {
      expect(await client.stop()).toBe(0);
    }
  });
});

/*
 * Every check family on a script just under the cap, of the shape that would make it slow if it were not linear: each
 * must finish (no timed assertion: a quadratic check would take hours at this size and hit the test's timeout).
 */
const SHAPES: Record<string, (i: number) => string> = {
  "distinct unknown speakers": (i) => `SPEAKER${i}: Hello there.\n`,
  "speakers one letter off the Cast": (i) => `HOS${String.fromCharCode(65 + (i % 26))}: Hello there.\n`,
  "label slips": (i) => (i % 2 ? `THEO’S MUM ${i}: hi\n` : `**Host ${i}:** hi\n`),
  "section headings": (i) => `# Section ${i}\n\nHOST: Line ${i}.\n\n`,
  "songs with misspelt tags": (i) => `SONG: Song ${i}\nStyle: folk\n\n[Chrous]\nA line ${i}\nEND SOGN\n\n`,
  "unclosed brackets and directions": (i) => `HOST: (laughing [[ and more ${i}\n`,
  "emoji in speech": (i) => `HOST: 🎙️ welcome ${i} 🎧\n`,
};

describe("every check on a script just under the cap, of a shape that would be slow if the check were not linear", () => {
  it.each(Object.keys(SHAPES))("%s: checked and formatted", { timeout: 600_000 }, (shape) => {
    const head = "Title: Pathological\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n";
    const parts = [head];
    let bytes = Buffer.byteLength(head);
    for (let i = 0; ; i++) {
      const line = SHAPES[shape]!(i);
      const size = Buffer.byteLength(line);
      if (bytes + size > CAP) break;
      parts.push(line);
      bytes += size;
    }
    const text = parts.join("");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CAP);
    const analysis = analyze(text, { file: "big.pod", config: defaultConfig(), plan: false });
    expect(analysis.diagnostics.some((d) => d.code === "POD0004")).toBe(false);
    // Every shape but the headings is full of mistakes, each reported.
    if (shape !== "section headings") expect(analysis.diagnostics.length).toBeGreaterThan(0);
    expect(typeof formatText(text)).toBe("string");
  });
});
