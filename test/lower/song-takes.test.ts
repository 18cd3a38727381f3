import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { ConfigSchema } from "../../src/config/schema.js";
import type { PlannedSong } from "../../src/lower/plan.js";

const CAST = "Title: T\nCast:\n    HOST: Ethan\n\n";

function compile(headers: string, config: object = {}) {
  const text = `${CAST}SONG: Anthem\nStyle: pop\n${headers}[Verse]\nLa la la\nEND SONG\n`;
  const analysis = analyze(text, { file: "t.pod", config: ConfigSchema.parse(config) });
  const song = analysis.plan?.requests[0] as PlannedSong | undefined;
  return { song, diagnostics: analysis.diagnostics.map((d) => `${d.code}@${d.span.start.line}:${d.span.start.column}`), analysis };
}

describe("Takes and Pick", () => {
  it("sends no n without Takes, so the service's default applies", () => {
    const { song } = compile("");
    expect(song?.body).toEqual({ lyrics: "[Verse]\nLa la la", model: "auto", prompt: "pop" });
    expect(song).not.toHaveProperty("pick");
  });

  it("sends Takes as n, after the other keys", () => {
    const { song } = compile("Takes: 1\n");
    expect(Object.keys(song!.body)).toEqual(["lyrics", "model", "prompt", "n"]);
    expect(song!.body.n).toBe(1);
  });

  it("takes songs.takes from podc.json as the default, and a song's own Takes over it", () => {
    expect(compile("", { songs: { takes: 3 } }).song!.body.n).toBe(3);
    expect(compile("Takes: 1\n", { songs: { takes: 3 } }).song!.body.n).toBe(1);
  });

  it("never lets Pick change the request or its key", () => {
    const one = compile("Takes: 2\n").song!;
    const picked = compile("Takes: 2\nPick: 2\n").song!;
    expect(picked.body).toEqual(one.body);
    expect(picked.key).toBe(one.key);
    expect(picked.pick).toBe(2);
  });

  it("makes a song request a plain object, its key and a pick its own members, in the order printed", () => {
    const picked = compile("Takes: 2\nPick: 2\n").song!;
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(Object.keys(picked)).toEqual(["key", "kind", "method", "path", "body", "origin", "pick"]);
    expect(Object.keys(compile("").song!)).toEqual(["key", "kind", "method", "path", "body", "origin"]);
    expect(JSON.parse(JSON.stringify(picked)).key).toBe(picked.key);
  });

  it("reports a Pick beyond the takes at the header, counting the service's two by default", () => {
    expect(compile("Pick: 2\n").diagnostics).toEqual([]);
    const beyond = compile("Pick: 3\n");
    expect(beyond.diagnostics).toEqual(["POD0310@7:1"]);
    expect(beyond.analysis.diagnostics[0]!.help).toContain('"Takes: 3"');
    expect(compile("Takes: 1\nPick: 2\n").diagnostics).toEqual(["POD0310@8:1"]);
    expect(compile("Pick: 2\n", { songs: { takes: 1 } }).diagnostics).toEqual(["POD0310@7:1"]);
    expect(compile("Pick: 0\n").diagnostics).toEqual(["POD0310@7:1"]);
    expect(compile("Pick: first\n").diagnostics).toEqual(["POD0310@7:1"]);
  });

  it("reports a Takes outside 1 to 3 once, on its value, and sends nothing", () => {
    for (const value of ["0", "4", "two", "2.0", "-1"]) {
      const { song, diagnostics } = compile(`Takes: ${value}\n`);
      expect(diagnostics, value).toEqual(["POD0309@7:8"]);
      expect(song).toBeUndefined();
    }
  });

  it("knows Takes and Pick as headers: no unknown-header error, and a warning when they stray into the lyrics", () => {
    expect(compile("takes: 2\nPICK: 1\n").diagnostics).toEqual([]);
    const text = `${CAST}SONG: Anthem\nStyle: pop\nLa la la\nTakes: 1\nEND SONG\n`;
    const codes = analyze(text, { file: "t.pod", config: ConfigSchema.parse({}) }).diagnostics.map((d) => d.code);
    expect(codes).toEqual(["POD0308"]);
  });

  it("checks the same takes without making the plan", () => {
    const text = `${CAST}SONG: Anthem\nStyle: pop\nTakes: 5\nPick: 3\nLa\nEND SONG\n`;
    const codes = (plan: boolean) => analyze(text, { file: "t.pod", config: ConfigSchema.parse({}), plan }).diagnostics.map((d) => d.code);
    expect(codes(false)).toEqual(codes(true));
    expect(codes(true)).toEqual(["POD0309", "POD0310"]);
  });
});
