import { describe, expect, it } from "vitest";
import { segmentBody } from "../../src/lower/lower.js";
import { direction, invalid, note, section, song, speech } from "./build.js";

const shape = (body: Parameters<typeof segmentBody>[0]) =>
  segmentBody(body).map((block) =>
    block.kind === "segment"
      ? { kind: block.kind, section: block.section, speakers: block.speeches.map((s) => s.speaker.name) }
      : { kind: block.kind, section: block.section, song: block.song.title.text },
  );

describe("segmentBody", () => {
  it("cuts segments at section headings and songs", () => {
    const body = [
      speech("HOST", ["a"]),
      section("One"),
      speech("HOST", ["b"]),
      speech("GUEST", ["c"]),
      song("Anthem", { style: "pop" }),
      speech("GUEST", ["d"]),
      section("Two", 1, 2),
      speech("HOST", ["e"]),
    ];
    expect(shape(body)).toEqual([
      { kind: "segment", section: undefined, speakers: ["HOST"] },
      { kind: "segment", section: "One", speakers: ["HOST", "GUEST"] },
      { kind: "song", section: "One", song: "Anthem" },
      { kind: "segment", section: "One", speakers: ["GUEST"] },
      { kind: "segment", section: "Two", speakers: ["HOST"] },
    ]);
  });

  it("does not cut at directions, notes or invalid lines", () => {
    const body = [speech("HOST", ["a"]), direction("Sound: a door closes."), note("check"), invalid("Host: hi"), speech("GUEST", ["b"])];
    expect(shape(body)).toEqual([{ kind: "segment", section: undefined, speakers: ["HOST", "GUEST"] }]);
  });

  it("makes no empty segments", () => {
    expect(shape([section("One"), section("Two"), direction("x"), song("S", { style: "pop" }), section("Three")])).toEqual([
      { kind: "song", section: "Two", song: "S" },
    ]);
  });

  it("leaves the section out, rather than undefined, before the first heading", () => {
    const [block] = segmentBody([speech("HOST", ["a"])]);
    expect(block).toBeDefined();
    expect(Object.keys(block ?? {})).not.toContain("section");
  });
});
