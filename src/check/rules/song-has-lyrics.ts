import { hasLyricLines } from "../../ast/song.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

/**
 * Every song has at least one lyric line or tag line: a song of tags alone (`[Instrumental]`) is an instrumental, and
 * its tags are sent as its lyrics, which the service needs not empty.
 */
export const songHasLyrics: Rule = {
  name: "every song has lyrics",
  codes: ["POD0302"],
  create: (ctx) => ({
    Song(song) {
      if (hasLyricLines(song)) return;
      ctx.report(
        diagnostic(
          "POD0302",
          song.title.text !== "" ? song.title.span : song.span,
          { title: song.title.text },
          {
            help: "write the lyrics between the headers and END SONG, with section markers such as [Verse]; for an instrumental, a tag line such as [Instrumental]",
          },
        ),
      );
    },
  }),
};
