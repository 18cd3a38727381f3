import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";

const CAST = "Title: T\nCast:\n    HOST: Ethan\n\n";
const run = (text: string) => analyze(text, { file: "x.pod", config: defaultConfig() });
const spoken = (text: string) => run(text).plan?.requests.flatMap((r) => (r.kind === "podcast" ? r.body.conversations.map((t) => t.text) : []));

describe("notes and boneyards are cut out before anything else", () => {
  it("an empty line inside a boneyard is no blank line: the speech goes on", () => {
    expect(spoken(CAST + "HOST: Hello\n/* cut\n\n*/ more words\n")).toEqual(["Hello more words"]);
  });

  it("a note may continue onto the next line with CRLF endings too", () => {
    const a = run((CAST + "HOST: [[a\nb]] c\n").replace(/\n/g, "\r\n"));
    expect(a.diagnostics).toEqual([]);
    expect(spoken((CAST + "HOST: [[a\nb]] c\n").replace(/\n/g, "\r\n"))).toEqual(["c"]);
  });

  it("trivia before a title-page key leaves the title page intact", () => {
    expect(run("/*x*/Title: T\n\n").script.titlePage?.entries[0]?.key.text).toBe("Title");
    expect(run("[[n]]Title: T\n[[n]]Episode: 3\n\n").script.titlePage?.entries.map((e) => e.name)).toEqual(["title", "episode"]);
  });

  it("a note at the end of a speech's line belongs to the speech, space or not", () => {
    for (const text of [CAST + "HOST: hi[[n]]\n", CAST + "HOST: hi [[n]]\n"]) {
      const speech = run(text).script.body[0]!;
      expect(speech.type === "Speech" && speech.parts.map((p) => p.type)).toEqual(["Spoken", "Note"]);
    }
  });

  it("a note on its own lines inside a speech does not end it", () => {
    expect(spoken(CAST + "HOST: a\n[[note\nacross]]\nstill HOST\n")).toEqual(["a still HOST"]);
  });
});
