import { describe, expect, it } from "vitest";
import { stylePrompt } from "../../src/lower/prompt.js";

describe("stylePrompt", () => {
  it("trims descriptors and rejoins them with a comma and a space", () => {
    expect(stylePrompt("synthwave,110 bpm ,  melancholic,female vocals")).toBe("synthwave, 110 bpm, melancholic, female vocals");
  });

  it("drops empty descriptors", () => {
    expect(stylePrompt(" , pop,, ,rock, ")).toBe("pop, rock");
    expect(stylePrompt("   ")).toBe("");
  });

  it("keeps the inside of a descriptor as written", () => {
    expect(stylePrompt("lo-fi  hip hop")).toBe("lo-fi  hip hop");
    expect(stylePrompt("流行，女声")).toBe("流行，女声");
  });
});
