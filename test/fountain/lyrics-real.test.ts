import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";

// Lyrics as AI-music writers tag them (test/fixtures/real/SOURCES.md): they compile without a warning, and every tag
// line is sent as written — a known section in its canonical spelling, with whatever follows its name.

const DIR = join(import.meta.dirname, "../fixtures/real/lyrics");
const config = defaultConfig();

function lyricsOf(text: string): { lyrics: string[]; warnings: string[] } {
  const analysis = analyze(text, { file: "song.pod", config });
  const warnings = analysis.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.code} ${d.message}`);
  const lyrics = (analysis.plan?.requests ?? []).flatMap((r) => (r.kind === "song" ? [r.body.lyrics] : []));
  return { lyrics, warnings };
}

describe.each(readdirSync(DIR).filter((f) => f.endsWith(".pod")))("%s", (name) => {
  const text = readFileSync(join(DIR, name), "utf8");
  it("compiles with no warning, every tag line sent", () => {
    const { lyrics, warnings } = lyricsOf(text);
    expect(warnings).toEqual([]);
    const sent = lyrics.join("\n").split("\n");
    const tags = text.split("\n").filter((line) => /^\[[^[].*\]$/.test(line));
    expect(tags.length).toBeGreaterThan(3);
    for (const tag of tags) {
      const canonical = tag
        .replace(/^\[prechorus\]$/, "[Pre-Chorus]")
        .replace(/^\[(intro|chorus|verse|outro)\b/i, (_, name: string) => `[${name[0]!.toUpperCase()}${name.slice(1).toLowerCase()}`);
      expect(sent, `${tag} is sent as ${canonical}`).toContain(canonical);
    }
  });
});

describe("lyrics as writers write them", () => {
  const song = (body: string) => `SONG: S\nStyle: pop\n${body}\nEND SONG\n`;

  it("a descriptor under a marker stays with it; a stanza break is kept; no empty line at either end", () => {
    const { lyrics } = lyricsOf(song("\n[Verse 1]\n[Soft, intimate]\nOne\n\n\nTwo\n\n[Chorus]\nThree\n\n"));
    expect(lyrics).toEqual(["[Verse 1]\n[Soft, intimate]\nOne\n\nTwo\n\n[Chorus]\nThree"]);
  });

  it("known names in canonical spelling with their suffix kept; Chinese names kept in Chinese", () => {
    const { lyrics, warnings } = lyricsOf(
      song("[verse 1: raspy vocal]\na\n[chorus - final]\nb\n【主歌】\n周四的阳光\n[副歌 2]\n快乐\n[Inst]\n[pre chorus]\nc"),
    );
    expect(warnings).toEqual([]);
    expect(lyrics).toEqual(["[Verse 1: raspy vocal]\na\n\n[Chorus - final]\nb\n\n[主歌]\n周四的阳光\n\n[副歌 2]\n快乐\n\n[Instrumental]\n\n[Pre-Chorus]\nc"]);
  });

  it("[Chrous] still warns, with the fix", () => {
    const analysis = analyze(song("[Chrous]\nla"), { file: "song.pod", config });
    const warning = analysis.diagnostics.find((d) => d.code === "POD0305");
    expect(warning?.fixes?.[0]?.replacement).toBe("[Chorus]");
    expect(analysis.plan!.requests[0]!.body).toMatchObject({ lyrics: "[Chrous]\nla" });
  });
});
