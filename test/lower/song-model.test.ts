import { describe, expect, it } from "vitest";
import { songModel } from "../../src/lower/song-model.js";
import { song } from "./build.js";

describe("songModel", () => {
  it("takes the song's Model header first", () => {
    expect(songModel(song("S", { style: "pop", model: "mureka-7" }), "mureka-6", "mureka-5")).toBe("mureka-7");
  });

  it("then the title page's Model", () => {
    expect(songModel(song("S", { style: "pop" }), "mureka-6", "mureka-5")).toBe("mureka-6");
  });

  it("then the configuration's default", () => {
    expect(songModel(song("S", { style: "pop" }), undefined, "mureka-5")).toBe("mureka-5");
  });

  it("else auto", () => {
    expect(songModel(song("S", { style: "pop" }), undefined, undefined)).toBe("auto");
  });

  it("treats a blank value as not given", () => {
    expect(songModel(song("S", { style: "pop", model: "  " }), "", "mureka-5")).toBe("mureka-5");
    expect(songModel(song("S", { style: "pop" }), " ", "")).toBe("auto");
  });
});
