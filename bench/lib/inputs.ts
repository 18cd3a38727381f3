// The bench's inputs: scripts of several shapes, generated deterministically (a seeded generator, the same text for the
// same shape and size on every machine), each a valid script (a test checks that none has an error). The shapes are
// the ones whose costs differ:
//   realistic  an episode as writers write one: both dialogue forms, parentheticals, notes, directions, sections, songs
//   short      lines of a word or two (interjections, one-word speeches): the most lines, and tree nodes, per byte
//   long       speeches of one long line each, several kilobytes: sentence splitting and turn cutting
//   songs      little but songs: headers, markers, lyrics
//   cjk        Japanese and Chinese dialogue, with characters outside the BMP: surrogates and sentence ends without spaces
//   dialogue   dialogue that reads the same as .pod and as Fountain, for the Fountain peers

const SENTENCES = [
  "Welcome back to the show, it is good to have you here tonight.",
  "I worked nights for eleven years before anyone noticed.",
  "The city sleeps, but the people who keep it running never do.",
  "So tell me, how did it all start?",
  "It started with a phone call at three in the morning.",
  "Nobody believed me at first, and honestly, I did not blame them.",
  "Wait.",
  "You mean the lighthouse on the north shore?",
  "Yes, that one, the one with the broken lamp and the keeper who never left.",
  "We drove out there in the rain, with a thermos of coffee and a map that was twenty years out of date.",
  "Right.",
  "And what did you find?",
  "Footprints, going in, and none coming out.",
  "That's the part nobody ever puts in the story.",
];

const SHORT = ["Yes.", "No.", "Why?", "Go on.", "Hm.", "Wait.", "Right.", "Sure.", "Oh!", "Okay.", "Really?", "Thanks."];

const LYRICS = [
  "Neon lights across the floor",
  "Coffee cups and closing doors",
  "We're the night shift, we're alive",
  "Counting hours until five",
  "Every window holds a star",
  "Nobody knows where we are",
  "Hold the line and hold the light",
  "We belong to the night",
];

const CJK = [
  "こんばんは、今夜もよろしくお願いします。",
  "夜勤を十一年続けてきました。",
  "この町は眠っても、町を動かす人々は眠らない。",
  "最初はどうやって始まったのですか？",
  "午前三時に電話が鳴ったんです。",
  "誰も信じてくれませんでした！",
  "灯台守の話を聞かせてください。",
  "我们在雨中开车去了那里。",
  "你发现了什么？",
  "𠮷野家の前で待ち合わせました。",
  "「本当に？」と彼は聞いた。",
];

/** A small seeded generator (mulberry32): the same sequence for the same seed everywhere. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Block = (n: number, pick: <T>(items: readonly T[]) => T, chance: (p: number) => boolean) => string;

/** Builds a script of about `bytes` UTF-8 bytes: the title page, then blocks until the size is reached. */
function build(bytes: number, seed: number, titlePage: string, block: Block): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const parts = [titlePage];
  let size = Buffer.byteLength(titlePage);
  for (let n = 0; size < bytes; n++) {
    const text = block(n, pick, chance);
    parts.push(text);
    size += Buffer.byteLength(text);
  }
  return parts.join("");
}

const TITLE = "Title: The Long Night\nEpisode: 40\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n    DR. LEE: Luna\n\n";

function song(n: number, pick: <T>(items: readonly T[]) => T): string {
  const lines = (count: number) => Array.from({ length: count }, () => pick(LYRICS)).join("\n");
  return `SONG: Anthem ${n}\nStyle: synthwave, 110 bpm, melancholic, female vocals\n\n[Verse]\n${lines(4)}\n\n[Chorus]\n${lines(2)}\nEND SONG\n\n`;
}

// Inline speeches run on without a blank line half the time, as writers write them; any other block opens with one,
// or it would be read as part of the speech above.
const realistic: Block = (n, pick, chance) => "\n" + realisticBlock(n, pick, chance);

const realisticBlock: Block = (n, pick, chance) => {
  if (n % 60 === 0) return `# Part ${n / 60 + 1}\n\n`;
  if (n % 97 === 0) return song(n, pick);
  // A segment (a section) has two voices: the host and this part's guest.
  const guest = Math.floor(n / 60) % 3 === 2 ? "DR. LEE" : "GUEST";
  const speaker = pick(["HOST", guest]);
  const sentences = (count: number) => Array.from({ length: count }, () => pick(SENTENCES)).join(" ");
  if (chance(0.05)) return `! Sound: ${pick(["a door closes", "rain on the roof", "a kettle boils"])}.\n\n`;
  if (chance(0.04)) return `[[check the pronunciation in take ${n}]]\n\n`;
  if (chance(0.01)) return `/* cut for time:\n${speaker}: ${sentences(2)}\n*/\n\n`;
  if (chance(0.3)) return `${speaker}\n${chance(0.4) ? "(quietly)\n" : ""}${sentences(1 + (n % 2))}\n${sentences(1)}\n\n`;
  const note = chance(0.05) ? " [[louder]]" : "";
  let speech = `${speaker}: ${chance(0.1) ? "(laughing) " : ""}${sentences(1 + (n % 3))}${note}${chance(0.3) ? `\n${sentences(1)}` : ""}\n`;
  while (chance(0.5)) speech += `${speaker === "HOST" ? guest : "HOST"}: ${sentences(1)}\n`;
  return speech;
};

const short: Block = (n, pick, chance) => {
  if (n % 400 === 0) return `\n# ${n / 400 + 1}\n\n`;
  if (chance(0.1)) return `HOST\n${pick(SHORT)}\n${pick(SHORT)}\n\n`;
  return `${chance(0.5) ? "HOST" : "GUEST"}: ${pick(SHORT)}\n${chance(0.2) ? "\n" : ""}`;
};

const long: Block = (n, pick) => {
  if (n % 20 === 0) return `# Part ${n / 20 + 1}\n\n`;
  const count = 30 + (n % 5) * 30;
  return `${n % 2 === 0 ? "HOST" : "GUEST"}: ${Array.from({ length: count }, () => pick(SENTENCES)).join(" ")}\n\n`;
};

const songs: Block = (n, pick) => (n % 10 === 0 ? `HOST: ${pick(SENTENCES)}\n\n` : song(n, pick));

const cjk: Block = (n, pick, chance) => {
  if (n % 60 === 0) return `# 第${n / 60 + 1}部\n\n`;
  const sentences = (count: number) => Array.from({ length: count }, () => pick(CJK)).join("");
  if (chance(0.3)) return `${pick(["HOST", "GUEST"])}\n${sentences(2)}\n${sentences(1)}\n\n`;
  return `${pick(["HOST", "GUEST"])}: ${sentences(1 + (n % 3))}\n\n`;
};

/** Same text in .pod and Fountain: a title page, section headings, cue-form dialogue with parentheticals. */
const dialogue: Block = (n, pick, chance) => {
  const sentences = (count: number) => Array.from({ length: count }, () => pick(SENTENCES)).join(" ");
  if (n % 40 === 0) return `# Part ${n / 40 + 1}\n\n`;
  if (chance(0.2)) return `GUEST\n(quietly)\n${sentences(2)}\n\n`;
  return `${n % 2 === 0 ? "HOST" : "GUEST"}\n${sentences(3)}\n\n`;
};

const SHAPES: Record<string, { seed: number; title: string; block: Block }> = {
  realistic: { seed: 1, title: TITLE, block: realistic },
  short: { seed: 2, title: TITLE, block: short },
  long: { seed: 3, title: TITLE, block: long },
  songs: { seed: 4, title: TITLE, block: songs },
  cjk: { seed: 5, title: "Title: 夜勤\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n", block: cjk },
  dialogue: { seed: 6, title: "Title: Benchmark Dialogue\nAuthor: podc bench\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n", block: dialogue },
};

export const SHAPE_NAMES = Object.keys(SHAPES);

/** A script of `shape`, about `bytes` bytes of UTF-8 (a block more at most), the same on every call. */
export function generate(shape: string, bytes: number): string {
  const s = SHAPES[shape];
  if (!s) throw new Error(`no input shape ${shape}; shapes: ${SHAPE_NAMES.join(", ")}`);
  return build(bytes, s.seed, s.title, s.block);
}

/**
 * An episode of exactly `lines` lines, the document the language-server figures edit: sections of two-speaker dialogue
 * in both forms, notes, directions, boneyards and songs.
 */
export function episodeLines(lines: number): string {
  const out = ["Title: The Long Night", "Episode: 40", "Cast:", "    HOST: Ethan", "    GUEST: Victoria", "    DJ: Luna", "Model: auto", ""];
  for (let i = 0; ; i++) {
    const other = i % 2 === 0 ? "GUEST" : "DJ";
    const block = [
      `# Part ${i + 1}`,
      "",
      `HOST: Welcome back to part ${i + 1}. Tonight we talk about the people`,
      "who keep the city running while it sleeps.",
      `${other}: (laughing) Thanks for having me. It is good to be here again.`,
      "",
      "[[check the pronunciation of Reykjavik]]",
      "",
      other,
      "(quietly)",
      `I worked nights for ${i + 3} years, and every one of them taught me something.`,
      "",
      "! Sound: a door closes.",
      "HOST: So, how did it start?",
      "/* cut for time:",
      `${other}: It's a long story.`,
      "*/",
      "",
      `SONG: Anthem ${i + 1}`,
      "Style: synthwave, 110 bpm, melancholic, female vocals",
      "",
      "[Verse]",
      "Neon lights across the floor",
      "Coffee cups and closing doors",
      "",
      "[Chorus]",
      "We're the night shift, we're alive",
      "END SONG",
      "",
    ];
    if (out.length + block.length > lines) break;
    out.push(...block);
  }
  out.push("# Credits", "");
  while (out.length < lines) out.push("HOST: Thanks for listening.");
  return out.slice(0, lines).join("\n") + "\n";
}
