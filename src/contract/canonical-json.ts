// Canonical JSON, so that equal values always give the same text on any machine: object keys sorted by
// UTF-16 code units at every depth, no white space, strings and numbers spelled as JSON.stringify spells
// them (which escapes lone surrogates). For the JSON values a plan holds this is the JSON
// Canonicalization Scheme (RFC 8785). As in JSON.stringify, undefined members are left out of objects
// and become null in arrays.
//
// Every request of a plan goes through here to make its key, so the text is built by concatenation
// (V8 joins the pieces once, when the text is hashed) rather than through arrays and closures, keys
// already in order are not sorted again, and strings that need no escape are not run through
// JSON.stringify, which looks at them character by character.

/** The canonical JSON text of a JSON value. */
export function canonicalJson(value: unknown): string {
  return write(value);
}

function write(value: unknown): string {
  if (typeof value === "string") return jsonString(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ",";
      const item: unknown = value[index];
      out += isAbsent(item) ? "null" : write(item);
    }
    return out + "]";
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (!inOrder(keys)) keys.sort();
    let out = "{";
    let first = true;
    for (const key of keys) {
      const member = record[key];
      if (isAbsent(member)) continue;
      out += (first ? "" : ",") + memberName(key) + write(member);
      first = false;
    }
    return out + "}";
  }
  return isAbsent(value) ? "null" : (JSON.stringify(value) ?? "null");
}

function isAbsent(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

// What JSON.stringify escapes in a string: the quote, the backslash, control characters, and lone surrogates (a
// surrogate pair is kept as it is; JSON.stringify decides which). A one-class expression finds out whether a string
// holds any of them several times faster than JSON.stringify copies it.
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Whether JSON.stringify(text) is the text itself in quotes: it holds nothing JSON escapes. */
export function needsNoEscape(text: string): boolean {
  return !ESCAPED.test(text);
}

/** JSON.stringify(text), faster for the common text that needs no escape. */
export function jsonString(text: string): string {
  return needsNoEscape(text) ? '"' + text + '"' : JSON.stringify(text);
}

// The members' names, quoted and followed by their colon: a plan's objects have a handful of names between them, each
// written once per request, so each is made once. Bounded, for values with names of their own (run/job.ts).
const NAMES = new Map<string, string>();
const MAX_NAMES = 256;

/** `"key":`, the member's name as JSON writes it before the value: made once for each of a plan's few names. */
export function memberName(key: string): string {
  let name = NAMES.get(key);
  if (name === undefined) {
    name = jsonString(key) + ":";
    if (NAMES.size < MAX_NAMES) NAMES.set(key, name);
  }
  return name;
}

/** Whether keys are already in the order sort() gives (by UTF-16 code units). */
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}
