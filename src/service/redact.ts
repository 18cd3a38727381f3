/**
 * The shortest API key podc accepts. A shorter one is refused before any request (it is never sent, so
 * it cannot leak through an answer), and redacting it would garble ordinary words: a one-letter key
 * would turn every "a" into "[redacted]".
 */
export const MIN_SECRET_LENGTH = 8;

/** The forms a secret takes in what podc writes: as it is, escaped inside a JSON string, and percent-encoded in a link. */
function formsOf(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

/**
 * Removes every occurrence of each secret from `text`, in each of its forms (as it is, JSON-escaped, percent-encoded),
 * so a message built from a foreign error or a server's reply can be shown, logged or written. Secrets shorter than
 * MIN_SECRET_LENGTH are never in use (see above) and are left alone.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of formsOf(secret)) out = out.split(form).join("[redacted]");
  }
  return out;
}

/**
 * `value` (anything JSON can hold) with each secret removed from every string in it, whatever field carries it:
 * what a service echoes (a trace id, a task id, a reason, a link) is scrubbed before it is written or printed.
 * The same object when no secret is in it.
 */
export function redactAll<T>(value: T, secrets: readonly string[]): T {
  const text = JSON.stringify(value);
  if (text === undefined) return value;
  // On JSON text a secret appears JSON-escaped (or percent-encoded); both replacements leave valid JSON.
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of [JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]) out = out.split(form).join("[redacted]");
  }
  return out === text ? value : (JSON.parse(out) as T);
}

/** Makes a server- or library-supplied text fit one log line: no control characters, at most `max` characters. */
export function oneLine(text: string, max = 300): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
