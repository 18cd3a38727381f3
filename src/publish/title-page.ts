import type { Script, TitleEntry } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import type { SourceText } from "../source/source-text.js";

/*
 * What a script's title page says to the feed: its title, whether it is a draft, the day it is published. Read by
 * `podc publish` and by `podc check` (for the scripts of a project with a podcast section), without the runner.
 */

/** Whether the script is a draft: `Draft: yes` (or true) on its title page. */
export function isDraft(script: Script): boolean {
  const value = entry(script, "draft")?.value.text.trim().toLowerCase();
  return value === "yes" || value === "true";
}

/** The title page's problems for the feed: no title, a `Date` that is no date. */
export function pageProblems(script: Script, text: SourceText, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (!titleOf(script))
    diagnostics.push(
      diagnostic(
        "POD0809",
        titlePageStart(script, text),
        {},
        { file, help: "add a title-page line such as `Title: The Night Shift` at the top of the script" },
      ),
    );
  const dateEntry = entry(script, "date");
  if (dateEntry && !calendarDate(dateEntry.value.text.trim()))
    diagnostics.push(
      diagnostic(
        "POD0811",
        dateEntry.value.span,
        { date: dateEntry.value.text.trim() },
        { file, help: "write the day the episode is published as YYYY-MM-DD, such as `Date: 2026-12-01`" },
      ),
    );
  return diagnostics;
}

/** The episode's title as the feed shows it, or undefined when it has none. */
export function titleOf(script: Script): string | undefined {
  return oneLine(entry(script, "title")?.value.text ?? "") || undefined;
}

/** A title-page value as one line of text for the feed and the pages: line breaks are layout, control characters never text. */
export function oneLine(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Where the title page starts (the script's start without one): where a problem of the whole episode is shown. */
export function titlePageStart(script: Script, text: SourceText) {
  const at = script.titlePage?.span.start.offset ?? 0;
  return text.span(at, at);
}

/** The last title-page entry named `name` (lower case): as in Cast, a later entry wins. */
export function entry(script: Script, name: string): TitleEntry | undefined {
  return script.titlePage?.entries.findLast((e) => e.name === name);
}

/** `YYYY-MM-DD` as midday UTC that day (a day stays that day in every time zone a player shows it in), or undefined. */
export function calendarDate(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return date.getUTCDate() === Number(match[3]) && date.getUTCMonth() === Number(match[2]) - 1 ? date : undefined;
}
