import type { Sound } from "../../ast/nodes.js";
import { isBedSong } from "../../ast/song.js";
import { removeLines } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { SoundFileFact } from "../context.js";
import type { Rule } from "../rule.js";

// A sound cue's file is read by the build, after the requests are paid: a file that is missing, unreadable, no audio,
// enormous or outside the project is reported now, at the line that names it, so that nothing is paid for an episode
// that cannot be built. `BED out` where no bed plays ends nothing: said, so that the writer finds the bed they meant.

const MB = 1024 * 1024;

/** Sound cues name audio files inside the project, and a bed's end ends a bed. */
export const soundCues: Rule = {
  name: "sound cues name audio files inside the project; BED out ends a bed",
  codes: ["POD0920", "POD0921", "POD0922", "POD0923", "POD0924", "POD0926"],
  create: (ctx) => {
    let bed = false;
    const fileProblem = (sound: Sound, fact: SoundFileFact) => {
      const file = sound.file!;
      const data = { file: file.text };
      switch (fact.kind) {
        case "audio":
          return;
        case "missing":
          ctx.report(
            diagnostic("POD0920", file.span, data, { help: "write the file's path from the script's folder (sounds/door.wav), or put the file there" }),
          );
          return;
        case "unreadable":
          ctx.report(diagnostic("POD0921", file.span, { ...data, reason: fact.reason }, { help: "let podc read it (its permissions), or name another file" }));
          return;
        case "notAudio":
          ctx.report(diagnostic("POD0922", file.span, data, { help: "name an audio file, or convert this one (ffmpeg -i in out.wav)" }));
          return;
        case "tooLarge":
          ctx.report(
            diagnostic(
              "POD0923",
              file.span,
              { ...data, size: (fact.bytes / MB).toFixed(0), cap: (fact.cap / MB).toFixed(0) },
              { help: "a cue plays a sound, not a recording of hours: cut the part the episode uses, or compress it (ffmpeg -i in -b:a 192k out.mp3)" },
            ),
          );
          return;
        case "outside":
          ctx.report(diagnostic("POD0924", file.span, data, { help: "copy the file into the project and name it from the script's folder" }));
      }
    };
    return {
      Section: () => {
        bed = false;
      },
      // A song bed (`Play: bed`) is a bed that `BED out` ends, as a file's is.
      Song: (song) => {
        if (isBedSong(song)) bed = true;
      },
      Sound: (sound) => {
        if (sound.kind === "bed") bed = true;
        if (sound.kind === "bedEnd") {
          if (!bed) {
            const line = sound.span.start.line;
            const fixes = [removeLines(ctx.source, line, line, "Remove this BED out")];
            ctx.report(diagnostic("POD0926", sound.span, {}, { help: "remove the line, or start a bed above it (BED file) in this section", fixes }));
          }
          bed = false;
        }
        if (sound.file !== undefined && ctx.soundFiles !== undefined) fileProblem(sound, ctx.soundFiles(sound.file.text));
      },
    };
  },
};
