import { songHeaderNode } from "../../ast/song.js";
import { diagnostic } from "../../diagnostics/report.js";
import { insertLinesAfter } from "../../diagnostics/line-fixes.js";
import { nearest } from "../../diagnostics/suggest.js";
import type { Rule } from "../rule.js";

/** Every song has a non-empty Style: the service needs a style prompt. */
export const songHasStyle: Rule = {
  name: "every song has a style",
  codes: ["POD0301"],
  create: (ctx) => ({
    Song(song) {
      // The header lowering sends: when Style is given twice, the last one (the other is reported as repeated).
      const style = songHeaderNode(song, "style");
      if (style && style.value.text.split(",").some((d) => d.trim() !== "")) return;
      // A misspelt `Stlye:` is one mistake: the song-headers rule reports it, with the fix.
      if (!style && song.headers.some((h) => nearest(h.key.text, ["Style"]) === "Style")) return;
      const span = style ? style.span : song.title.text !== "" ? song.title.span : song.span;
      ctx.report(
        diagnostic(
          "POD0301",
          span,
          { title: song.title.text },
          {
            help: "add a line directly after SONG:, such as `Style: synthwave, 110 bpm, melancholic, female vocals`",
            // The descriptors are the writer's to choose: the line is added for them to complete.
            ...(!style && { fixes: [insertLinesAfter(ctx.source, song.span.start.line, ["Style: "], "Add a Style: line")] }),
          },
        ),
      );
    },
  }),
};
