// Generates realistic episode scripts of a given size for the benchmark: title page, sections, both dialogue
// forms, parentheticals, notes, directions and songs, in proportions a real episode has.

const SENTENCES = [
  "Welcome back to the show, it is good to have you here tonight.",
  "I worked nights for eleven years before anyone noticed.",
  "The city sleeps, but the people who keep it running never do.",
  "So tell me, how did it all start?",
  "It started with a phone call at three in the morning.",
  "Nobody believed me at first, and honestly, I did not blame them.",
];

/** A script of about `bytes` bytes (UTF-8), deterministic for a given size. */
export function generateScript(bytes: number): string {
  const parts: string[] = ["Title: Benchmark Episode\nAuthor: podc bench\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n    DR. LEE: Luna\n\n"];
  let size = parts[0]!.length;
  let n = 0;
  while (size < bytes) {
    const block = block_(n++);
    parts.push(block);
    size += block.length;
  }
  return parts.join("");
}

function block_(n: number): string {
  const s = (k: number) => SENTENCES[(n + k) % SENTENCES.length]!;
  if (n % 40 === 0) return `# Part ${n / 40 + 1}\n\n`;
  if (n % 97 === 0) {
    return `SONG: Interlude ${n}\nStyle: synthwave, 110 bpm, melancholic\n\n[Verse]\n${s(1)}\n${s(2)}\n\n[Chorus]\n${s(3)}\nEND SONG\n\n`;
  }
  if (n % 13 === 0) return `! Sound: a door closes.\n\n[[check the pronunciation in take ${n}]]\n\n`;
  if (n % 5 === 0) return `GUEST\n(quietly)\n${s(0)}\n${s(4)}\n\n`;
  const speaker = n % 2 === 0 ? "HOST" : "GUEST";
  return `${speaker}: ${s(0)} ${s(1)}\n${s(2)}\n\n`;
}

/**
 * Dialogue only, about `bytes` bytes, written so that it is the same text in .pod and in Fountain: a title page
 * (Fountain keeps `Cast:` and its indented lines as title-page values), section headings, and speeches in the cue form
 * (a character line, an optional parenthetical, the speech), which both languages read as dialogue. The benchmark
 * parses it with fountain-js as the peer.
 */
export function generateDialogue(bytes: number): string {
  const parts: string[] = ["Title: Benchmark Dialogue\nAuthor: podc bench\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n"];
  let size = parts[0]!.length;
  for (let n = 0; size < bytes; n++) {
    const s = (k: number) => SENTENCES[(n + k) % SENTENCES.length]!;
    const block =
      n % 40 === 0
        ? `# Part ${n / 40 + 1}\n\n`
        : n % 5 === 0
          ? `GUEST\n(quietly)\n${s(0)} ${s(4)}\n\n`
          : `${n % 2 === 0 ? "HOST" : "GUEST"}\n${s(0)} ${s(1)} ${s(2)}\n\n`;
    parts.push(block);
    size += block.length;
  }
  return parts.join("");
}
