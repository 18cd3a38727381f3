import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Analysis } from "../../src/compile.js";
import { format } from "../../src/format/format.js";
import { Workspace } from "../../src/workspace/workspace.js";
import { podc } from "../run/helpers.js";

// `INCLUDE: path`: a shared intro is the same requests in every episode that includes it (so the store's reuse pays for
// it once), spoken with each episode's cast; what stops an include is an error at its line, and what is wrong inside
// the included script is reported in it.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A project (a folder with podc.json) holding `files`; returns its folder. */
function project(files: Record<string, string>, config: object = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-include-"));
  dirs.push(dir);
  writeFileSync(join(dir, "podc.json"), JSON.stringify(config));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function analyse(dir: string, script: string, plan = true): Promise<Analysis> {
  const file = join(dir, script);
  const workspace = await Workspace.forScripts([file]);
  const [one] = [...workspace.each([file], (f) => relative(dir, f))];
  const read = one!.analyse({ plan });
  if ("error" in read) throw new Error(read.error);
  return read.analysis;
}

const INTRO = "# Welcome\n\nHOST: Welcome to Harbour Names.\nGUEST: Where every name is said right.\n";
const episode = (title: string, host: string, line: string) =>
  `Title: ${title}\nCast:\n    HOST: ${host}\n    GUEST: Victoria\n\nINCLUDE: ../shared/intro.pod\n\n# Tonight\n\nHOST: ${line}\nGUEST: Yes.\n`;

describe("INCLUDE: path", () => {
  it("lowers the included script to the same requests in every episode, where the include stands", async () => {
    const dir = project({
      "shared/intro.pod": INTRO,
      "episodes/one.pod": episode("One", "Ethan", "Tonight, the harbour master."),
      "episodes/two.pod": episode("Two", "Ethan", "Tonight, the fish market."),
    });
    const one = await analyse(dir, "episodes/one.pod");
    const two = await analyse(dir, "episodes/two.pod");
    expect(one.diagnostics).toEqual([]);
    const [intro1, own1] = one.plan!.requests;
    const [intro2, own2] = two.plan!.requests;
    expect(one.plan!.requests).toHaveLength(2);
    expect(intro1!.key).toBe(intro2!.key);
    expect(own1!.key).not.toBe(own2!.key);
    expect(intro1!.body).toEqual({
      conversations: [
        { text: "Welcome to Harbour Names.", voice: "Ethan" },
        { text: "Where every name is said right.", voice: "Victoria" },
      ],
    });
    // Where it comes from: the included script's own line and section, and the include's line in the episode; the
    // episode's plan is the episode's.
    expect(intro1!.origin).toEqual({ line: 3, file: "shared/intro.pod", include: 6, section: "Welcome" });
    expect(own1!.origin).toMatchObject({ line: 10, section: "Tonight" });
    expect(one.plan!.source).toBe("episodes/one.pod");
  });

  it("speaks with the including script's cast; the included script's own Cast only fills in who it does not cast", async () => {
    const part = "Title: Sponsor\nCast:\n    HOST: Jake\n    VOICE: Luna\n\nHOST: This episode is brought to you by the harbour.\nVOICE: Fair winds.\n";
    const dir = project({
      "sponsor.pod": part,
      "a.pod": "Cast:\n    HOST: Ethan\n\nHOST: Hello.\n\nINCLUDE: sponsor.pod\n",
      "b.pod": "Cast:\n    HOST: Emma\n\nHOST: Hello.\n\nINCLUDE: sponsor.pod\n",
    });
    const a = await analyse(dir, "a.pod");
    const b = await analyse(dir, "b.pod");
    expect(a.diagnostics).toEqual([]);
    const voices = (analysis: Analysis) => (analysis.plan!.requests[1]!.body as { conversations: { voice: string }[] }).conversations.map((t) => t.voice);
    expect(voices(a)).toEqual(["Ethan", "Luna"]);
    expect(voices(b)).toEqual(["Emma", "Luna"]);
  });

  it("puts an included request without a section of its own in the section of the include", async () => {
    const dir = project({ "sponsor.pod": "HOST: Brought to you by the harbour.\n", "ep.pod": "Cast:\n    HOST: Ethan\n\n# Break\n\nINCLUDE: sponsor.pod\n" });
    const analysis = await analyse(dir, "ep.pod");
    expect(analysis.plan!.requests[0]!.origin).toEqual({ line: 1, file: "sponsor.pod", include: 6, section: "Break" });
  });

  it("ends the speech segment it follows: the turns before and after it are never one request with it", async () => {
    const dir = project({ "mid.pod": "HOST: Middle.\n", "ep.pod": "Cast:\n    HOST: Ethan\n\nHOST: Before.\n\nINCLUDE: mid.pod\n\nHOST: After.\n" });
    const texts = (await analyse(dir, "ep.pod")).plan!.requests.map((r) => (r.body as { conversations: { text: string }[] }).conversations.map((t) => t.text));
    expect(texts).toEqual([["Before."], ["Middle."], ["After."]]);
  });

  it("reports a missing file, a circle, a path out of the project and a file that is no .pod script at the include's path", async () => {
    const outside = mkdtempSync(join(tmpdir(), "podc-outside-"));
    dirs.push(outside);
    writeFileSync(join(outside, "intro.pod"), "HOST: Not ours.\n");
    const dir = project({ "notes.txt": "HOST: Hi.\n" });
    const out = relative(dir, join(outside, "intro.pod"));
    writeFileSync(
      join(dir, "ep.pod"),
      `Cast:\n    HOST: Ethan\n\nINCLUDE: nowhere.pod\n\nINCLUDE: ep.pod\n\nINCLUDE: ${out}\n\nINCLUDE: notes.txt\n\nINCLUDE: linked.pod\n\nHOST: Hello.\n`,
    );
    symlinkSync(join(outside, "intro.pod"), join(dir, "linked.pod"));
    const analysis = await analyse(dir, "ep.pod");
    expect(analysis.diagnostics.map((d) => [d.code, d.span.start.line, d.span.start.column])).toEqual([
      ["POD0910", 4, 10],
      ["POD0911", 6, 10],
      ["POD0912", 8, 10],
      ["POD0914", 10, 10],
      ["POD0912", 12, 10],
    ]);
    expect(analysis.diagnostics[0]!.message).toBe("cannot include nowhere.pod: no such file");
    expect(analysis.diagnostics[1]!.message).toBe("this include goes round in a circle: ep.pod → ep.pod");
    expect(analysis.plan).toBeUndefined();
  });

  it("finds a circle through another script, reported in that script and summed up at the include", async () => {
    const dir = project({ "a.pod": "Cast:\n    HOST: Ethan\n\nINCLUDE: b.pod\n", "b.pod": "HOST: Hi.\n\nINCLUDE: a.pod\n" });
    const analysis = await analyse(dir, "a.pod");
    expect(analysis.diagnostics.map((d) => d.code)).toEqual(["POD0913"]);
    expect(analysis.included!.map((p) => [p.file, p.diagnostics.map((d) => [d.code, d.file, d.span.start.line, d.message])])).toEqual([
      ["b.pod", [["POD0911", "b.pod", 3, "this include goes round in a circle: a.pod → b.pod → a.pod"]]],
    ]);
  });

  it("reports the included script's problems in it, at their own lines, and sums its errors up at the include", async () => {
    const dir = project({
      "shared/intro.pod": "HOST: Welcome.\nGUSET: Hello.\n",
      "ep.pod": "Cast:\n    HOST: Ethan\n    GUEST: Victoria\n\nINCLUDE: shared/intro.pod\n",
    });
    const analysis = await analyse(dir, "ep.pod");
    expect(analysis.diagnostics.map((d) => [d.code, d.span.start.line, d.message])).toEqual([
      ["POD0913", 5, "shared/intro.pod has an error (line 2: unknown speaker GUSET): nothing of this script is sent until it is mended"],
    ]);
    const [part] = analysis.included!;
    expect(part!.file).toBe("shared/intro.pod");
    expect(part!.diagnostics.map((d) => [d.code, d.file, d.span.start.line, d.span.start.column])).toEqual([["POD0201", "shared/intro.pod", 2, 1]]);
    expect(part!.source.lineText(2)).toBe("GUSET: Hello.");
    expect(analysis.plan).toBeUndefined();
  });

  it("podc check prints the included script's problems under its own name, once", async () => {
    const dir = project({
      "shared/intro.pod": "HOST: Welcome.\nGUSET: Hello.\n",
      "one.pod": "Cast:\n    HOST: Ethan\n    GUEST: Victoria\n\nINCLUDE: shared/intro.pod\n",
      "two.pod": "Cast:\n    HOST: Ethan\n    GUEST: Victoria\n\nINCLUDE: shared/intro.pod\n",
    });
    const checked = await podc(["check", "--format", "line", "one.pod", "two.pod"], dir, {});
    expect(checked.code).toBe(1);
    expect(checked.stdout.split("\n").filter(Boolean)).toEqual([
      "one.pod:5:10: error POD0913: shared/intro.pod has an error (line 2: unknown speaker GUSET): nothing of this script is sent until it is mended",
      "shared/intro.pod:2:1: error POD0201: unknown speaker GUSET",
      "two.pod:5:10: error POD0913: shared/intro.pod has an error (line 2: unknown speaker GUSET): nothing of this script is sent until it is mended",
    ]);
  });

  it("is a line podc fmt keeps as it is, spelled canonically, never inlined", () => {
    const text = "Cast:\n    HOST: Ethan\n\n  INCLUDE :shared/intro.pod  \n\nHOST: Hello.\n";
    const once = format(text);
    expect(once.text).toBe("Cast:\n    HOST: Ethan\n\nINCLUDE: shared/intro.pod\n\nHOST: Hello.\n");
    expect(format(once.text).text).toBe(once.text);
  });

  it("is never a speaker: INCLUDE cannot be cast, as SONG cannot", async () => {
    const dir = project({ "ep.pod": "Cast:\n    INCLUDE: Ethan\n    HOST: Ethan\n\nHOST: Hello.\n" });
    const analysis = await analyse(dir, "ep.pod", false);
    expect(analysis.diagnostics.map((d) => d.code)).toEqual(["POD0203"]);
  });
});
