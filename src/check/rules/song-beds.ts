import type { Song } from "../../ast/nodes.js";
import { isBedSong, songHeaderNode } from "../../ast/song.js";
import type { Fix } from "../../diagnostics/diagnostic.js";
import { removeLines } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import { PLAY_BED } from "../../language/song-headers.js";
import type { Rule } from "../rule.js";

// `Play: bed` lays a song under what follows it, to `BED out`, the next bed or the end of its section, as a `BED` cue
// lays a file. A song is paid for before the episode is mixed, so a bed with nothing under it (a song nobody would
// hear) is an error now, not a silence found after paying; so is a Play value podc would have to guess at.

/** A song's Play header says bed, and a song bed has something said or sung under it. */
export const songBeds: Rule = {
  name: "a song's Play is bed, and a song bed has something under it",
  codes: ["POD0927", "POD0928"],
  create: (ctx) => {
    /** The song bed playing with nothing heard under it yet. */
    let open: Song | undefined;
    const playLine = (song: Song): Fix => {
      const line = songHeaderNode(song, "play")!.span.start.line;
      return removeLines(ctx.source, line, line, "Remove the Play line: play the song on its own, where it is written");
    };
    const ends = (what: string) => {
      if (open === undefined) return;
      const header = songHeaderNode(open, "play")!;
      const help = "write what the bed plays under after the song, or play the song on its own";
      ctx.report(diagnostic("POD0928", header.span, { title: open.title.text, ends: what }, { help, fixes: [playLine(open)] }));
      open = undefined;
    };
    const heard = () => {
      open = undefined;
    };
    return {
      Section: () => ends("its section ends"),
      Speech: heard,
      Include: heard,
      Sound: (sound) => {
        if (sound.kind === "bed") ends("the next bed");
        if (sound.kind === "bedEnd") ends("BED out");
      },
      Song: (song) => {
        const header = songHeaderNode(song, "play");
        if (header !== undefined && !isBedSong(song)) {
          const written = header.value.text.trim();
          const near = written !== "" && nearest(written.toLowerCase(), [PLAY_BED]) !== undefined;
          const fixes = [...(near ? [{ title: `Change to ${PLAY_BED}`, span: header.value.span, replacement: PLAY_BED }] : []), playLine(song)];
          ctx.report(diagnostic("POD0927", header.span, { written }, { help: "write Play: bed to lay the song under the speech after it", fixes }));
        }
        if (!isBedSong(song)) return heard();
        ends("the next bed");
        open = song;
      },
      done: () => ends("the script ends"),
    };
  },
};
