import fc from "fast-check";

// Random scripts as text, written the way people and editors actually mangle them: every element of the language,
// with stray indentation and trailing white space, both colons, variant section markers, notes and boneyards in
// the middle of lines and across elements, unreadable lines, and LF, CRLF, CR or a mix of them.

const space = fc.constantFrom("", "", "", " ", "  ", "\t", " \t ");
const word = fc.constantFrom("hello", "night", "Shift", "é", "中文", "😀", "a.", "b!", "why?", "x:y", "#", "!", "la", "(aside)", "END", "[x]", "it's");
const words = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(" "));
const label = fc.constantFrom("HOST", "GUEST", "DR. LEE", "@McKenzie", "主持人");
const colon = fc.constantFrom(":", ":", ":", "：");
const note = words.map((w) => `[[${w}]]`);

const line = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));
const opt = (a: fc.Arbitrary<string>) => fc.option(a, { nil: "" });

const inlineHead = line(space, label, space, colon, space, opt(line(fc.constant("("), words, fc.constant(")"), space)), opt(words), space);
const cueHead = line(space, label, opt(line(space, fc.constantFrom("(V.O.)", "(O.S.)"))), space);
const paren = line(space, fc.constant("("), words, fc.constant(")"), space);
const text = line(space, words, space);
const continuation = fc.oneof({ weight: 4, arbitrary: text }, paren);

const speech = fc.oneof(
  fc.tuple(inlineHead, fc.array(continuation, { maxLength: 2 })).map(([h, c]) => [h, ...c]),
  fc.tuple(cueHead, fc.array(continuation, { minLength: 1, maxLength: 3 })).map(([h, c]) => [h, ...c]),
);
const heading = line(space, fc.constantFrom("#", "##", "###"), space, words, space).map((l) => [l]);
const direction = line(space, fc.constantFrom("!", "!!"), space, words, space).map((l) => [l]);
// Fountain habits a writer brings into a .pod: scene headings, transitions, centred text, page breaks.
const habit = line(
  space,
  fc.constantFrom("INT. HOUSE - DAY", ".FLASHBACK", "CUT TO:", "FADE OUT.", "> BURN TO PINK.", ">  THE END  <", "===", "\\# not a heading"),
  space,
).map((l) => [l]);
const noteLine = line(space, note, space).map((l) => [l]);
const invalid = fc.constantFrom(["Host: lower case"], ["just some prose"], ["END SONG"], ["(a stray aside)"]);

const header = line(space, fc.constantFrom("Style", "style", "STYLE", "Model", "model", "Tempo"), space, colon, space, words, space);
const marker = line(
  space,
  fc.constantFrom(
    "[verse]",
    "[Verse 2]",
    "【Chorus 01】",
    "[Inst]",
    "[Prechorus]",
    "[ Outro ]",
    "[Bogus]",
    "[verse 1: raspy]",
    "[Guitar Solo]",
    "【主歌】",
    "[Chrous]",
  ),
  space,
);
const songItem = fc.oneof({ weight: 4, arbitrary: text }, { weight: 2, arbitrary: marker }, space, line(space, note, space));
const song = fc
  .tuple(
    line(space, fc.constant("SONG"), space, colon, space, words, space),
    fc.array(header, { maxLength: 3 }),
    fc.array(songItem, { maxLength: 8 }),
    fc.option(line(space, fc.constantFrom("END SONG", "END  SONG", "END\tSONG"), space), { nil: undefined }),
  )
  .map(([open, headers, items, end]) => [open, ...headers, ...items, ...(end === undefined ? [] : [end])]);

const block = fc.oneof(
  { weight: 6, arbitrary: speech },
  { weight: 2, arbitrary: heading },
  { weight: 2, arbitrary: direction },
  { weight: 1, arbitrary: habit },
  { weight: 1, arbitrary: noteLine },
  { weight: 1, arbitrary: invalid },
  { weight: 2, arbitrary: song },
);
const blanks = fc.array(space, { maxLength: 2 });

const titleKey = fc.constantFrom("Title", "title", "Episode", "Draft date", "Model", "model");
const castLine = fc.oneof(
  {
    weight: 5,
    arbitrary: line(fc.constantFrom("  ", "    ", "\t", "   "), label, space, fc.constant(":"), space, fc.constantFrom("Ethan", "Victoria", "Luna"), space),
  },
  { weight: 1, arbitrary: line(fc.constantFrom("  ", "\t", " "), note, space) },
);
const titlePage = fc
  .tuple(
    fc.array(line(titleKey, space, colon, space, words, space), { minLength: 1, maxLength: 3 }),
    fc.option(fc.array(castLine, { minLength: 1, maxLength: 4 }), { nil: undefined }),
    fc.option(line(fc.constantFrom("  ", "\t"), words, space), { nil: undefined }),
  )
  .map(([entries, cast, more]) => [
    ...entries.slice(0, 1),
    ...(more === undefined ? [] : [more]),
    ...(cast === undefined ? [] : ["Cast:", ...cast]),
    ...entries.slice(1),
    "",
  ]);

/** Trivia dropped into the text at a random place: a note, a one-line boneyard, or one that spans lines. */
const dropIn = fc.oneof(
  { weight: 3, arbitrary: note },
  { weight: 3, arbitrary: fc.constantFrom("/* cut */", "/* cut\n\nstill cut */", "/*x*/", "[[a\nb]]") },
  { weight: 1, arbitrary: fc.constantFrom("*/", "[[", "]]", "/*", "\r", "\n\n") },
);

export const scriptText: fc.Arbitrary<string> = fc
  .record({
    bom: fc.boolean(),
    title: fc.option(titlePage, { nil: undefined }),
    body: fc.array(fc.tuple(blanks, block), { maxLength: 12 }),
    eol: fc.constantFrom("\n", "\n", "\r\n", "\r", "mixed"),
    trivia: fc.array(fc.tuple(fc.nat(), dropIn), { maxLength: 4 }),
    finalBreak: fc.boolean(),
  })
  .map(({ bom, title, body, eol, trivia, finalBreak }) => {
    const lines = [...(title ?? []), ...body.flatMap(([b, lines]) => [...b, ...lines])];
    let text = lines.map((l, i) => l + (eol === "mixed" ? ["\n", "\r\n"][i % 2] : eol)).join("");
    if (!finalBreak) text = text.replace(/(\r\n|\r|\n)$/, "");
    for (const [at, piece] of trivia) {
      const p = text.length === 0 ? 0 : at % text.length;
      text = text.slice(0, p) + piece + text.slice(p);
    }
    return (bom ? "\uFEFF" : "") + text;
  });
