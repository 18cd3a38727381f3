import type { Script } from "../../ast/nodes.js";
import type { Fix } from "../../diagnostics/diagnostic.js";
import { insertLinesAfter, insertLinesBefore } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import type { SourceText } from "../../source/source-text.js";
import type { CheckContext } from "../context.js";
import type { Rule } from "../rule.js";
import { hasLowerCase } from "../../language/letters.js";
import { screenplayCast } from "./uncast-screenplay.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";

/** Labels that open a script's stage text, not a speaker's line: a voice for them would read the text aloud. */
const STAGE_WORDS: ReadonlySet<string> = new Set([
  "SFX",
  "FX",
  "SOUND",
  "SOUNDS",
  "MUSIC",
  "AMBIENCE",
  "AMB",
  "ATMOS",
  "STING",
  "BED",
  "INSERT",
  "SUPER",
  "TITLE",
  "TITLE CARD",
  "CAPTION",
  "CHYRON",
  "LOWER THIRD",
  "ON SCREEN",
  "TEXT",
  "GRAPHIC",
  "CUT",
  "TRANSITION",
  "SCENE",
  "SETTING",
  "ACTION",
  "NOTE",
  "NOTES",
  "NB",
  "N.B.",
  "PS",
  "P.S.",
  "PPS",
  "AD",
  "AD BREAK",
  "BREAK",
  "MIDROLL",
  "MID-ROLL",
  "PREROLL",
  "PRE-ROLL",
]);

/** The sound cues' keywords (docs/language.md, "Sound"), and a speech that is one audio file's name. */
const SOUND_WORDS = new Set(["SFX", "BED", "STING"]);
const AUDIO_FILE = /^\s*(\S+\.(?:wav|wave|aiff?|aifc|flac|mp3|ogg|oga|opus|m4a|mp4|aac))\s*$/i;

/** Every speaker has a voice in the cast (the script's or the project's). */
export const knownSpeaker: Rule = {
  name: "every speaker is cast",
  codes: ["POD0201"],
  create: (ctx) => {
    // Each new speaker gets its own voice: the first of the project's voices nobody speaks with yet.
    // The voices taken grow with the proposals, so that each speaker costs one look, however many there are.
    const proposed = new Map<string, string>();
    const taken = new Set([...ctx.cast.values()].map((m) => m.voice));
    const voiceFor = (label: string) => {
      let voice = proposed.get(label);
      if (voice === undefined) {
        voice = ctx.config.voices.find((v) => !taken.has(v)) ?? ctx.config.voices[0] ?? "Ethan";
        proposed.set(label, voice);
        taken.add(voice);
      }
      return voice;
    };
    // A screenplay's are held to the end: if nobody in it is cast, uncast-screenplay says so once instead.
    const cast = screenplayCast(ctx);
    const held: Diagnostic[] | undefined = ctx.dialect === "fountain" ? [] : undefined;
    const report = (d: Diagnostic) => (held ? held.push(d) : ctx.report(d));
    return {
      Speech(speech) {
        cast.seen(speech);
        const name = speech.speaker.name;
        if (ctx.cast.has(name)) return;
        const near = nearest(name, ctx.cast.keys());
        const written = speech.speaker.forced && hasLowerCase(name) ? `@${name}` : name;
        const voice = voiceFor(name);
        const fixes: Fix[] = [];
        const start = speech.speaker.span.start.offset - (speech.speaker.forced ? 1 : 0);
        const text = ctx.source.text;
        let help = near ? `a declared speaker has a similar name: ${near}` : `declare ${name} in the title page's Cast, such as \`    ${written}: ${voice}\``;
        const colon = speech.form === "inline" ? text.indexOf(":", speech.speaker.span.end.offset) : -1;
        const verse = colon === -1 || !/\d$/.test(name) ? null : /^[:：]\d+(?:[-–]\d+)?/.exec(text.slice(colon, colon + 12));
        if (verse) {
          // `JOHN 3:16`, `PSALM 23:1`: a reference, read as the label JOHN 3 by its colon; a backslash keeps it as text.
          const reference = text.slice(start, colon + verse[0].length);
          help = `${reference} is a reference, not a speaker: write \\${reference} to keep it as text, spoken where it stands`;
          fixes.push({ title: `Keep ${reference} as text (\\)`, span: ctx.source.span(start, start), replacement: "\\" });
        } else if (!near && STAGE_WORDS.has(name)) {
          // `SFX:`, `INSERT:`, `SUPER:`: a script's stage text, which no voice should read.
          help = `${name}: is stage text, not a speaker: write it as a direction (! ${name}: …), which is not spoken`;
          fixes.push({ title: "Write it as a direction (! …)", span: ctx.source.span(start, start), replacement: "! " });
          // `SFX: sounds/door.wav`: the radio habit, naming a file. Without the colon it is a sound cue; offered second,
          // so that the first fix stays what it always was.
          const lineEnd = colon === -1 ? -1 : text.indexOf("\n", colon);
          const file = colon === -1 ? undefined : AUDIO_FILE.exec(text.slice(colon + 1, lineEnd === -1 ? text.length : lineEnd))?.[1];
          if (file !== undefined && SOUND_WORDS.has(name)) {
            help += `; if it names a sound file, drop the colon: \`${name} ${file}\` is a sound cue, mixed into the episode`;
            fixes.push({ title: `Make it a sound cue (${name} ${file})`, span: ctx.source.span(start, colon + 1), replacement: name });
          }
        }
        if (near) fixes.push({ title: `Change to ${near}`, span: speech.speaker.span, replacement: near });
        fixes.push(addToCast(ctx, written, voice));
        report(diagnostic("POD0201", speech.speaker.span, { name }, { help, fixes }));
      },
      done() {
        if (held && !cast.uncast()) for (const d of held) ctx.report(d);
      },
    };
  },
};

/** The edit giving `label` the voice `voice` in the script's Cast: a new entry, a new Cast key, or a new title page. */
function addToCast(ctx: CheckContext, label: string, voice: string): Fix {
  const title = `Add ${label} to the Cast with the voice ${voice}`;
  const entry = `${label}: ${voice}`;
  const { script, source } = ctx;
  const page = script.titlePage;
  const cast = page?.entries.find((e) => e.name === "cast");
  if (cast) return insertLinesAfter(source, cast.span.end.line, [castIndent(script, source) + entry], title);
  if (page) return insertLinesAfter(source, page.span.end.line, ["Cast:", `    ${entry}`], title);
  return insertLinesBefore(source, 1, ["Cast:", `    ${entry}`, ""], title);
}

/** The indentation of the script's last Cast entry, so a new one lines up with it. */
function castIndent(script: Script, source: SourceText): string {
  const members = script.titlePage?.entries.flatMap((e) => e.cast ?? []) ?? [];
  const last = members[members.length - 1];
  if (!last) return "    ";
  return /^[ \t]*/.exec(source.lineText(last.span.start.line))![0] || "    ";
}
