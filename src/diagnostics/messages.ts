import type { Code } from "./codes.js";

/*
 * Each code's message, made from typed data: a call site passes what the message is about (a label, a line, a
 * title), never the words, so one code always reads the same wherever it is reported. Codes not listed here yet
 * still take their words at the call site (report.ts `diagnostic`); each is moved here as it is next touched.
 */

export const MESSAGES = {
  POD0113: (p: { key: string }) => `${p.key}: is read as title-page metadata, not dialogue`,
  POD0116: (p: { key: string }) => `unknown title-page key ${p.key} is kept as metadata`,
  POD0117: (p: { key: string; line: number }) => `${p.key} is already given on line ${p.line}; this value wins`,
  POD0201: (p: { name: string }) => `unknown speaker ${p.name}`,
  POD0204: (p: { label: string; line: number }) => `${p.label} is already cast on line ${p.line}; this entry wins`,
  POD0301: (p: { title: string }) => `song "${p.title}" has no Style`,
  POD0302: (p: { title: string }) => `song "${p.title}" has no lyrics`,
  POD0304: (p: { header: string }) => `unknown song header ${p.header}`,
  POD0305: (p: { written: string; near: string }) => `[${p.written}] looks like a misspelt [${p.near}]: it is sent as written`,
  /** `default`: the default model of podc.json, checked against its own "models". */
  POD0306: (p: { model: string; default?: true }) =>
    p.default ? `the default model ${p.model} is not in "models"` : `model ${p.model} is not in the project's allowed models`,
  POD0307: (p: { header: string }) => `${p.header} is given twice for this song; this value wins`,
  POD0501: (p: { note: string }) => p.note,
  POD0603: (p: { tag: string }) => `the inline tag ${p.tag} is sent as written: the voice may read it aloud`,
} as const satisfies Partial<Record<Code, (params: never) => string>>;

/** A code whose message the registry writes. */
export type TemplatedCode = keyof typeof MESSAGES;

/** What code `C`'s message is made from. */
export type MessageData<C extends TemplatedCode> = Parameters<(typeof MESSAGES)[C]>[0];

/** Code `code`'s message for `data`. */
export function messageFor<C extends TemplatedCode>(code: C, data: MessageData<C>): string {
  return (MESSAGES[code] as (data: MessageData<C>) => string)(data);
}
