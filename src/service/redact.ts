/**
 * The shortest API key podc accepts. A shorter one is refused before any request (it is never sent, so
 * it cannot leak through an answer), and redacting it would garble ordinary words: a one-letter key
 * would turn every "a" into "[redacted]".
 */
export const MIN_SECRET_LENGTH = 8;

/**
 * Removes every occurrence of each secret from `text` (and its bearer header form), so a message built
 * from a foreign error or a server's reply can be shown or logged. Secrets shorter than
 * MIN_SECRET_LENGTH are never in use (see above) and are left alone.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    out = out.split(secret).join("[redacted]");
  }
  return out;
}

/** Makes a server- or library-supplied text fit one log line: no control characters, at most `max` characters. */
export function oneLine(text: string, max = 300): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
