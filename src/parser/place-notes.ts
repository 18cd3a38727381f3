import type { BodyElement, Note } from "../ast/nodes.js";

// Where the notes of a script go among its elements: both the .pod tree builder and the Fountain reader place them so.

/** Two lists of body elements, each in source order, merged in source order. */
export function mergeByStart(a: BodyElement[], b: BodyElement[]): BodyElement[] {
  const out: BodyElement[] = [];
  let j = 0;
  for (const element of a) {
    while (j < b.length && b[j]!.span.start.offset < element.span.start.offset) out.push(b[j++]!);
    out.push(element);
  }
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * Puts each note inside the speech or song it sits in, or between body elements: both lists are in source order.
 * A note anywhere on an element's last line belongs to it, whether or not a space stands before it.
 */
export function placeNotes(body: BodyElement[], notes: Note[], lineEndOf: (offset: number) => number): BodyElement[] {
  if (notes.length === 0) return body;
  const out: BodyElement[] = [];
  let n = 0;
  for (const element of body) {
    while (n < notes.length && notes[n]!.span.start.offset < element.span.start.offset) out.push(notes[n++]!);
    const first = n;
    const end = n < notes.length ? lineEndOf(element.span.end.offset) : element.span.end.offset;
    while (n < notes.length && notes[n]!.span.start.offset <= end) n++;
    if (n === first) {
      out.push(element); // the common case, with no note inside: nothing to allocate
      continue;
    }
    const inside = notes.slice(first, n);
    if (inside.length > 0) {
      if (element.type === "Speech") element.parts = mergeByOffset(element.parts, inside);
      else if (element.type === "Song") element.items = mergeByOffset(element.items, inside);
      else out.push(...inside.filter((note) => note.span.start.offset < element.span.start.offset));
    }
    out.push(element);
    if (inside.length > 0 && element.type !== "Speech" && element.type !== "Song")
      out.push(...inside.filter((note) => note.span.start.offset >= element.span.start.offset));
  }
  while (n < notes.length) out.push(notes[n++]!);
  return out;
}

/** The items and the notes inside them, in source order. */
export function mergeByOffset<T extends { span: { start: { offset: number } } }>(items: T[], notes: Note[]): (T | Note)[] {
  return [...items, ...notes].sort((a, b) => a.span.start.offset - b.span.start.offset);
}
