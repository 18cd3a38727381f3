import type { Connection, InlayHint, Range } from "vscode-languageserver";
import { InlayHintKind } from "./protocol.js";
import { spokenMs, type PlannedRequest } from "../compile.js";
import { billedUnits } from "../pricing/billing.js";
import type { ScriptState, Scripts } from "./documents.js";
import { lineText } from "./positions.js";

// What the script does not say but the writer pays for, beside the lines it concerns:
//   after each speaker label     the voice it speaks with
//   after each section heading   the spoken length of the section and how many paid requests it makes (if any)
//   after each SONG: line        how many takes the service makes of it, each billed
//   after each INCLUDE: line     the spoken length and paid requests of the part it brings in (counted in its section too)
//   before a speech              where a podcast request begins in the middle of a section (a full request, or a
//                                voice more than a request may hold), which `podc compile` would show
// The requests are lowering's own (the plan `podc compile` prints), so the hints cannot disagree with it.

/** Answers inlayHint requests. */
export function addInlayHintsHandler(connection: Connection, scripts: Scripts): void {
  connection.languages.inlayHint.on((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? inlayHints(state, params.range) : [];
  });
}

/** The hints on the lines of `range`. */
function inlayHints(state: ScriptState, range: Range): InlayHint[] {
  const { script, cast } = state.analysis;
  const { positions } = state;
  const first = range.start.line + 1; // the tree's 1-based lines
  const last = range.end.line + 1;
  const hints: InlayHint[] = [];
  const lineEnd = (line: number) => ({ line: line - 1, character: lineText(state.document, line - 1).length });

  const requests = state.plan.requests;
  // A request of an included script carries that script's line: here it stands at its include.
  const lineOf = (request: PlannedRequest) => request.origin.include ?? request.origin.line;

  // Requests by the section they belong to: a section runs from its heading to the next one, whatever its depth.
  const sectionStarts = script.body.filter((e) => e.type === "Section").map((e) => e.span.start.line);
  const sectionOf = (line: number) => {
    let index = -1;
    for (const start of sectionStarts) if (start <= line) index++;
    return index;
  };
  const bySection = new Map<number, PlannedRequest[]>();
  for (const request of requests) {
    const index = sectionOf(lineOf(request));
    let list = bySection.get(index);
    if (!list) bySection.set(index, (list = []));
    list.push(request);
  }

  let section = -1;
  let previous: PlannedRequest | undefined;
  let r = 0;
  for (const element of script.body) {
    const line = element.span.start.line;
    if (element.type === "Section") section++;
    if (line > last) break;
    // Requests beginning at this element: a podcast request that is not the first of its run is a boundary.
    while (r < requests.length && lineOf(requests[r]!) < line) previous = requests[r++];
    const starting = r < requests.length && lineOf(requests[r]!) === line ? requests[r] : undefined;
    if (line < first) continue;
    if (element.type === "Section") {
      // A section that sends nothing (only directions, or speakers with no voice yet: an uncast screenplay) has no
      // figures to give: "0:00 spoken, nothing billed" on every scene would be noise.
      const sent = bySection.get(section);
      if (sent)
        hints.push({
          position: lineEnd(line),
          label: summary(sent, state.loaded.config.speech.wordsPerMinute),
          kind: InlayHintKind.Parameter,
          paddingLeft: true,
        });
    } else if (element.type === "Speech") {
      const voice = cast.get(element.speaker.name)?.voice;
      if (voice !== undefined) {
        hints.push({
          position: positions.position(element.speaker.span.end.offset),
          label: voice,
          kind: InlayHintKind.Type,
          paddingLeft: true,
          tooltip: `${element.speaker.name} speaks with the voice ${voice}`,
        });
      }
      if (
        starting?.kind === "podcast" &&
        previous?.kind === "podcast" &&
        previous.origin.include === undefined &&
        sectionOf(previous.origin.line) === section &&
        !songBetween(script.body, previous.origin.line, line)
      ) {
        hints.push({
          position: positions.position(element.span.start.offset),
          label: `new request (${starting.body.conversations.length} turns) ▸`,
          kind: InlayHintKind.Parameter,
          paddingRight: true,
          tooltip: "A podcast request holds a limited number of turns and voices: the turns from here on are sent in a new request, billed on its own.",
        });
      }
    } else if (element.type === "Include") {
      const brought = requests.filter((request) => request.origin.include === line);
      if (brought.length > 0)
        hints.push({
          position: lineEnd(line),
          label: summary(brought, state.loaded.config.speech.wordsPerMinute),
          kind: InlayHintKind.Parameter,
          paddingLeft: true,
          tooltip: "What the included script sends here. Its requests are the same in every episode that includes it, so they are paid once.",
        });
    } else if (element.type === "Song") {
      const takes = starting?.kind === "song" ? billedUnits(starting) : undefined;
      if (takes !== undefined) {
        hints.push({ position: lineEnd(line), label: `${takes} take${takes === 1 ? "" : "s"} billed`, kind: InlayHintKind.Parameter, paddingLeft: true });
      }
    }
  }
  return hints;
}

function songBetween(body: ScriptState["analysis"]["script"]["body"], from: number, to: number): boolean {
  return body.some((e) => e.type === "Song" && e.span.start.line > from && e.span.start.line < to);
}

/** "≈ 1:20 spoken · 4 billed (2 requests, 1 song, 2 takes)" for a section's requests. */
function summary(requests: readonly PlannedRequest[], wordsPerMinute: number): string {
  let ms = 0;
  let podcasts = 0;
  let songs = 0;
  let takes = 0;
  for (const request of requests) {
    if (request.kind === "podcast") {
      podcasts++;
      for (const turn of request.body.conversations) ms += spokenMs(turn.text, wordsPerMinute);
    } else {
      songs++;
      takes += billedUnits(request);
    }
  }
  const parts: string[] = [];
  if (podcasts > 0) parts.push(`${podcasts} request${podcasts === 1 ? "" : "s"}`);
  if (songs > 0) parts.push(`${songs} song${songs === 1 ? "" : "s"}, ${takes} take${takes === 1 ? "" : "s"}`);
  const seconds = Math.round(ms / 1000);
  const length = `≈ ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} spoken`;
  return `${length} · ${podcasts + takes} billed (${parts.join(", ")})`;
}
