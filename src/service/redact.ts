/**
 * Removes every occurrence of each secret from `text` (and its bearer header form), so a message built
 * from a foreign error or a server's reply can be shown or logged. Secrets shorter than 4 characters are
 * still removed: a short key leaking is no better than a long one.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    out = out.split(secret).join("[redacted]");
  }
  return out;
}

/** Makes a server- or library-supplied text fit one log line: no control characters, at most `max` characters. */
export function oneLine(text: string, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
