import type { Cue } from "./cues.js";

/*
 * The transcript in the three forms players and podcast directories read: WebVTT (speakers as voice spans), SRT (the
 * speaker's name before the line) and the Podcasting 2.0 JSON transcript. Lyrics are shown between ♪ signs, as
 * captions mark music.
 */

/** WebVTT: one cue per turn, `<v Speaker>` naming who speaks; lyrics in italics between ♪. */
export function webVtt(list: readonly Cue[]): string {
  const blocks = list.map((cue, i) => {
    const text =
      cue.kind === "lyrics"
        ? `<i>${sung(escapeVtt(cue.text))}</i>`
        : cue.speaker !== undefined
          ? `<v ${escapeVtt(cue.speaker)}>${escapeVtt(cue.text)}`
          : escapeVtt(cue.text);
    return `${i + 1}\n${clock(cue.startMs, ".")} --> ${clock(cue.endMs, ".")}\n${text}\n`;
  });
  return ["WEBVTT\n", ...blocks].join("\n");
}

/** SRT: numbered cues, `SPEAKER: text`; lyrics between ♪. */
export function srt(list: readonly Cue[]): string {
  return list
    .map((cue, i) => {
      const text = cue.kind === "lyrics" ? sung(cue.text) : cue.speaker !== undefined ? `${cue.speaker}: ${cue.text}` : cue.text;
      return `${i + 1}\n${clock(cue.startMs, ",")} --> ${clock(cue.endMs, ",")}\n${text}\n`;
    })
    .join("\n");
}

/** The Podcasting 2.0 JSON transcript: `{version, segments: [{speaker, startTime, endTime, body}]}`, times in seconds. */
export function transcriptJson(list: readonly Cue[]): string {
  const segments = list.map((cue) => ({
    ...(cue.speaker !== undefined ? { speaker: cue.speaker } : {}),
    startTime: cue.startMs / 1000,
    endTime: cue.endMs / 1000,
    body: cue.kind === "lyrics" ? sung(cue.text) : cue.text,
  }));
  return `${JSON.stringify({ version: "1.0.0", segments }, null, 2)}\n`;
}

function sung(text: string): string {
  return `♪ ${text} ♪`;
}

/** `hh:mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SRT). */
function clock(ms: number, separator: "." | ","): string {
  const whole = Math.max(0, Math.round(ms));
  const h = Math.floor(whole / 3_600_000);
  const m = Math.floor((whole % 3_600_000) / 60_000);
  const s = Math.floor((whole % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(whole % 1000, 3)}`;
}

/** Text safe inside a WebVTT cue: `&`, `<` and `>` start markup there. A cue's text never holds `-->`. */
function escapeVtt(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/-->/g, "--&gt;");
}
