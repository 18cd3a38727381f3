import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { episodeFolder, episodeName } from "../../src/run/episode-folder.js";

// An episode's folder is named after its script, made safe: never outside out/, never a name a system refuses.

describe("episode folder names", () => {
  it("keep ordinary names as they are", () => {
    expect(episodeName("/r/episodes/ep01.pod")).toBe("ep01");
    expect(episodeName("/r/Night Shift – Épisode 2.POD")).toBe("Night Shift – Épisode 2");
  });

  it("are never empty, hidden, . or ..", () => {
    expect(episodeName("/r/.pod")).toBe("episode");
    expect(episodeName("/r/...pod")).toBe("__");
    expect(episodeName("/r/..pod")).toBe("_");
    expect(episodeName("/r/.hidden.pod")).toBe("_hidden");
    expect(episodeName("/r/trailing. .pod")).toBe("trailing__");
  });

  it("replace separators, characters Windows forbids and control characters", () => {
    expect(episodeName("/r/a\\b.pod")).toBe("a_b");
    expect(episodeName('/r/what?: a <story> | "x" *.pod')).toBe("what__ a _story_ _ _x_ _");
    expect(episodeName("/r/tab\there\u0000\u001b[31m\u007f\u0085.pod")).toBe("tab_here__[31m__");
  });

  it("avoid the names Windows reserves", () => {
    for (const name of ["con", "CON", "prn", "aux", "nul", "com1", "LPT9", "con.backup"]) expect(episodeName(`/r/${name}.pod`)).toBe(`${name}_`);
    expect(episodeName("/r/console.pod")).toBe("console");
  });

  it("shorten very long names to fit a file system, keeping two long names apart", () => {
    const long = "a".repeat(300);
    const one = episodeName(`/r/${long}.pod`);
    const two = episodeName(`/r/${long}b.pod`);
    expect(Buffer.byteLength(one)).toBeLessThanOrEqual(120);
    expect(one).not.toBe(two);
    expect(Buffer.byteLength(episodeName(`/r/${"é".repeat(300)}.pod`))).toBeLessThanOrEqual(120);
  });

  it("never lead outside out/, and keep local runs apart", () => {
    const out = resolve("/r/out");
    for (const script of ["/r/...pod", "/r/..pod", "/r/.pod", "/r/con.pod", `/r/${"x/".repeat(3)}y.pod`]) {
      for (const local of [false, true]) {
        const { dir } = episodeFolder(out, script, local);
        const rel = relative(out, dir);
        expect(rel.startsWith("..")).toBe(false);
        expect(rel.split(/[\\/]/)).toHaveLength(local ? 2 : 1);
      }
    }
    expect(episodeFolder(out, "/r/ep01.pod", true).dir).toBe(join(out, "local", "ep01"));
  });
});

describe("local job keys", () => {
  it("name the voice engine, so that a local run renders again when it changes", async () => {
    const { buildEpisodes, localKeyBase, isLocalKeyBase } = await import("../../src/run/job.js");
    const { analyze } = await import("../../src/compile.js");
    const { defaultConfig } = await import("../../src/config/defaults.js");
    const text = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n# One\n\nHOST: Hello.\nGUEST: Hi.\n";
    const plan = analyze(new TextEncoder().encode(text), { file: "t.pod", config: defaultConfig() }).plan!;
    const script = { name: "t", source: "t.pod", sourceInRoot: "t.pod", outDir: "/r/out/local/t", plan };
    const keys = (engine: string) => buildEpisodes([script], localKeyBase(engine)).jobs.map((job) => job.key);
    expect(keys("synth")).not.toEqual(keys("espeak-ng"));
    expect(keys("synth")).toEqual(keys("synth"));
    expect(isLocalKeyBase(localKeyBase("synth"))).toBe(true);
    expect(isLocalKeyBase("local:")).toBe(true); // journals written before the engine was named
    expect(isLocalKeyBase("https://api.example.com")).toBe(false);
  });
});
