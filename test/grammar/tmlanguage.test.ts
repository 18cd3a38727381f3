import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import onig from "vscode-oniguruma";
import textmate from "vscode-textmate";

// The editor grammar (grammar/pod.tmLanguage.json) tokenised by the engine VS Code uses — vscode-textmate on the
// Oniguruma regex library — so what passes here is what a writer sees coloured.

const ROOT = join(import.meta.dirname, "..", "..");
const GRAMMAR = join(ROOT, "grammar", "pod.tmLanguage.json");
const FIXTURE = join(import.meta.dirname, "fixtures", "every-element.pod");

let grammar: textmate.IGrammar;

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("vscode-oniguruma/release/onig.wasm"));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new onig.OnigScanner(patterns),
      createOnigString: (text: string) => new onig.OnigString(text),
    }),
    loadGrammar: async (scope: string) => (scope === "source.pod" ? textmate.parseRawGrammar(readFileSync(GRAMMAR, "utf8"), GRAMMAR) : null),
  });
  grammar = (await registry.loadGrammar("source.pod"))!;
});

interface Token {
  text: string;
  scopes: string[];
}

/** Every line of `text` as its tokens, tokenised in order as an editor does. */
function tokenize(text: string): Token[][] {
  let stack = textmate.INITIAL;
  return text.split(/\r\n|\r|\n/).map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

/** The token of 1-based `line` that starts where `text` first occurs in it. */
function tokenOf(lines: Token[][], line: number, text: string): Token {
  const tokens = lines[line - 1]!;
  const joined = tokens.map((t) => t.text).join("");
  const at = joined.indexOf(text);
  expect(at, `"${text}" on line ${line}: ${joined}`).toBeGreaterThanOrEqual(0);
  let offset = 0;
  for (const token of tokens) {
    if (offset <= at && at < offset + token.text.length) return token;
    offset += token.text.length;
  }
  throw new Error("unreachable");
}

describe("pod.tmLanguage.json", () => {
  let lines: Token[][];
  beforeAll(() => {
    lines = tokenize(readFileSync(FIXTURE, "utf8"));
  });
  const expectScope = (line: number, text: string, scope: string, whole = true) => {
    const token = tokenOf(lines, line, text);
    expect(token.scopes, `${text} on line ${line}`).toContain(scope);
    if (whole) expect(token.text.trim()).toBe(text);
  };
  const expectNotScope = (line: number, text: string, part: string) => {
    expect(tokenOf(lines, line, text).scopes.join(" ")).not.toContain(part);
  };

  it("has the scope name source.pod", () => {
    expect(tokenOf(lines, 1, "Title").scopes[0]).toBe("source.pod");
  });

  it("colours a sound cue's keyword and file, and leaves a cue's line under a speech and a line of capitals as the parser reads them", () => {
    const cues = tokenize("SFX sounds/door.wav\n\nBED out\n\nSTING sting.flac\n\nHOST: Listen.\nSFX sounds/door.wav\n\nSFX DOOR\n");
    const scopes = (line: number, text: string) => tokenOf(cues, line, text).scopes;
    expect(scopes(1, "SFX")).toContain("keyword.control.sound.pod");
    expect(scopes(1, "sounds/door.wav")).toContain("string.unquoted.sound-file.pod");
    expect(scopes(3, "out")).toContain("keyword.control.sound.pod");
    expect(scopes(5, "sting.flac")).toContain("string.unquoted.sound-file.pod");
    expect(scopes(8, "SFX").join(" ")).not.toContain("sound");
    expect(scopes(10, "SFX DOOR")).not.toContain("keyword.control.sound.pod");
  });

  it("colours the title page: keys, values, continuation, Cast labels and voices", () => {
    expectScope(1, "Title", "keyword.other.title-key.pod");
    expectScope(1, "Title", "meta.title-page.pod");
    expectScope(1, "The Night Shift", "string.unquoted.title-value.pod");
    expectScope(3, "(a two-part special)", "string.unquoted.title-value.pod");
    expectScope(4, "Cast", "keyword.other.title-key.pod");
    expectScope(5, "HOST", "entity.name.type.speaker.pod");
    expectScope(5, "Ethan", "variable.other.constant.voice.pod");
    expectScope(6, "@", "punctuation.definition.forced.pod");
    expectScope(6, "McKenzie", "entity.name.type.speaker.pod");
    expectScope(7, "Model", "keyword.other.title-key.pod");
    expectNotScope(9, "Cold open", "meta.title-page");
  });

  it("colours section headings", () => {
    expectScope(9, "#", "punctuation.definition.heading.pod");
    expectScope(9, "Cold open", "entity.name.section.pod");
    expectScope(9, "Cold open", "markup.heading.section.pod");
    expectScope(38, "##", "punctuation.definition.heading.pod");
  });

  it("colours speaker labels (not the whole line), parentheticals and notes in speech", () => {
    expectScope(11, "HOST", "entity.name.type.speaker.pod");
    expectScope(11, ":", "punctuation.separator.dialogue.pod");
    expectScope(11, "(laughing)", "markup.italic.parenthetical.pod");
    expectNotScope(11, "Welcome back", "entity.name.type.speaker");
    expectScope(11, "Welcome back to The Night Shift.", "meta.speech.inline.pod");
    expectScope(12, "who keep", "meta.speech.inline.pod", false); // the speech goes on over the next line
    expectScope(12, "check this", "comment.block.note.pod");
    expectScope(13, "@", "punctuation.definition.forced.pod");
    expectScope(13, "McKenzie", "entity.name.type.speaker.pod");
    expectScope(40, "主持人", "entity.name.type.speaker.pod"); // no letter case, full-width colon
    expectScope(40, "：", "punctuation.separator.dialogue.pod");
  });

  it("colours the cue form: label, extension, parenthetical line", () => {
    expectScope(15, "GUEST", "entity.name.type.speaker.pod");
    expectScope(15, "(V.O.)", "support.type.extension.pod");
    expectScope(16, "(quietly)", "markup.italic.parenthetical.pod");
    expectScope(17, "I worked nights for eleven years.", "meta.speech.cue.pod");
  });

  it("colours directions, notes across lines, TODO, and the boneyard", () => {
    expectScope(19, "!", "punctuation.definition.quote.pod");
    expectScope(19, "Sound: a door closes.", "entity.name.function.direction.pod");
    expectScope(21, "TODO", "keyword.other.todo.pod");
    expectScope(22, "of Reykjavik", "comment.block.note.pod");
    expectScope(24, "/*", "comment.block.boneyard.pod");
    expectScope(25, "GUEST: It's a long story.", "comment.block.boneyard.pod"); // hidden: no speaker here
    expectNotScope(25, "GUEST", "entity.name.type.speaker");
    expectScope(26, "*/", "punctuation.definition.comment.end.pod");
  });

  it("colours songs: SONG and END SONG, title, headers, markers; lyrics are not dialogue", () => {
    expectScope(28, "SONG", "keyword.control.song.pod");
    expectScope(28, "Night Shift Anthem", "entity.name.section.song.pod");
    expectScope(29, "Style", "keyword.other.song-header.pod");
    expectScope(29, "synthwave, 110 bpm", "string.unquoted.song-header.pod");
    expectScope(30, "Model", "keyword.other.song-header.pod");
    expectScope(32, "Verse", "entity.name.tag.marker.pod");
    expectScope(32, "[", "punctuation.definition.tag.begin.pod");
    expectScope(34, "Chorus 2", "entity.name.tag.marker.pod");
    expectScope(28, "Night Shift Anthem", "markup.heading.song.pod");
    expectScope(33, "Neon lights across the floor", "meta.song.pod");
    expectScope(33, "Neon lights across the floor", "string.unquoted.lyric.pod");
    expectScope(35, "HOST: this is a lyric, not a speech", "string.unquoted.lyric.pod");
    expectNotScope(35, "HOST", "entity.name.type.speaker");
    expectScope(36, "END SONG", "keyword.control.song.pod");
    expectScope(41, "END SONG", "invalid.illegal.end-song.pod"); // an END SONG with no song open
  });

  it("gives dialogue, directions, lyrics and voices scopes that default themes colour differently", () => {
    const scopeOf = (line: number, text: string) => tokenOf(lines, line, text).scopes.at(-1)!;
    const colourRoots = [
      scopeOf(11, "Welcome back to The Night Shift."),
      scopeOf(19, "Sound: a door closes."),
      scopeOf(33, "Neon lights across the floor"),
      scopeOf(5, "Ethan"),
    ].map((scope) => scope.split(".").slice(0, 2).join("."));
    expect(colourRoots).toEqual(["meta.speech", "entity.name", "string.unquoted", "variable.other"]);
  });

  it("ends a song that never ends at the next # heading, as the parser does", () => {
    const song = tokenize("SONG: Forgotten\nStyle: pop\n[Verse]\nla la\n\n# Next part\n\nHOST: Back to talk.\n");
    expect(song[5]!.map((t) => t.scopes.join(" ")).join(" | ")).toContain("markup.heading.section.pod");
    expect(song[5]!.map((t) => t.scopes.join(" ")).join(" | ")).not.toContain("meta.song");
    expect(song[7]!.find((t) => t.text === "HOST")!.scopes).toContain("entity.name.type.speaker.pod");
  });

  it("colours an include: the keyword and the path, never a speaker", () => {
    const lines = tokenize("HOST: Hello.\n\nINCLUDE: shared/intro.pod\n\nHOST: Back.\n");
    expect(tokenOf(lines, 3, "INCLUDE").scopes).toContain("keyword.control.include.pod");
    expect(tokenOf(lines, 3, "shared/intro.pod").scopes).toContain("string.unquoted.include-path.pod");
    expect(lines[2]!.flatMap((t) => t.scopes).join(" ")).not.toContain("speaker");
  });

  it("reads header lines only directly under SONG:, as the parser does", () => {
    const song = tokenize("SONG: T\n\nStyle: pop\n[Verse]\nStyle: sung, not a header\nEND SONG\n");
    expect(song[2]!.find((t) => t.text === "Style")!.scopes).toContain("keyword.other.song-header.pod");
    expect(song[4]!.map((t) => t.scopes.at(-1))).toEqual(["string.unquoted.lyric.pod"]);
  });

  it("reads a script that opens with dialogue as dialogue, not as a title page", () => {
    for (const text of ["HOST: Hello.\nGUEST: Hi.\n", "\n  \nHOST: Hello.\nGUEST: Hi.\n"]) {
      const labels = tokenize(text).flatMap((line) => line.filter((t) => t.text === "HOST" || t.text === "GUEST"));
      expect(labels.map((t) => t.scopes.at(-1))).toEqual(["entity.name.type.speaker.pod", "entity.name.type.speaker.pod"]);
      expect(labels.flatMap((t) => t.scopes).join(" ")).not.toContain("title");
    }
  });

  it("finds the title page after blank lines at the start, and the body after it", () => {
    const lines = tokenize("\n\nTitle: Late start\nCast:\n    HOST: Ethan\n\nHOST: Hello.\n");
    expect(tokenOf(lines, 3, "Title").scopes).toContain("keyword.other.title-key.pod");
    expect(tokenOf(lines, 5, "Ethan").scopes).toContain("variable.other.constant.voice.pod");
    expect(tokenOf(lines, 7, "HOST").scopes).toEqual(["source.pod", "meta.speech.inline.pod", "entity.name.type.speaker.pod"]);
  });

  it("colours every example script without leaving a label uncoloured", () => {
    const example = tokenize(readFileSync(join(ROOT, "examples", "night-shift.pod"), "utf8"));
    const labels = example.flatMap((line) => line.filter((t) => t.scopes.includes("entity.name.type.speaker.pod")).map((t) => t.text));
    expect(labels).toEqual(["HOST", "GUEST", "HOST", "GUEST", "HOST", "GUEST", "HOST"]);
  });
});

describe("language-configuration.json", () => {
  const configuration = JSON.parse(readFileSync(join(ROOT, "grammar", "language-configuration.json"), "utf8"));

  it("knows the boneyard as the block comment", () => {
    expect(configuration.comments).toEqual({ blockComment: ["/*", "*/"] });
  });

  it("folds songs by their markers, even without the language server", () => {
    const start = new RegExp(configuration.folding.markers.start);
    const end = new RegExp(configuration.folding.markers.end);
    expect(start.test("SONG: Night Shift Anthem")).toBe(true);
    expect(start.test("SONG：夜班")).toBe(true);
    expect(start.test("HOST: a song")).toBe(false);
    expect(end.test("END SONG")).toBe(true);
    expect(end.test("END SONGS")).toBe(false);
  });
});
