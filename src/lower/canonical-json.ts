// Canonical JSON, so that equal values always give the same text on any machine: object keys sorted by
// UTF-16 code units at every depth, no white space, strings and numbers spelled as JSON.stringify spells
// them (which escapes lone surrogates). For the JSON values a plan holds this is the JSON
// Canonicalization Scheme (RFC 8785). As in JSON.stringify, undefined members are left out of objects
// and become null in arrays.

/** The canonical JSON text of a JSON value. */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join("");
}

function write(value: unknown, parts: string[]): void {
  if (Array.isArray(value)) {
    parts.push("[");
    value.forEach((item: unknown, index) => {
      if (index > 0) parts.push(",");
      if (isAbsent(item)) parts.push("null");
      else write(item, parts);
    });
    parts.push("]");
    return;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => !isAbsent(record[key]))
      .sort();
    parts.push("{");
    keys.forEach((key, index) => {
      if (index > 0) parts.push(",");
      parts.push(JSON.stringify(key), ":");
      write(record[key], parts);
    });
    parts.push("}");
    return;
  }
  parts.push(isAbsent(value) ? "null" : (JSON.stringify(value) ?? "null"));
}

function isAbsent(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}
