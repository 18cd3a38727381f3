// Canonical JSON, so that equal values always give the same text on any machine: object keys sorted by
// UTF-16 code units at every depth, no white space, strings and numbers spelled as JSON.stringify spells
// them (which escapes lone surrogates). For the JSON values a plan holds this is the JSON
// Canonicalization Scheme (RFC 8785). As in JSON.stringify, undefined members are left out of objects
// and become null in arrays.

/** The canonical JSON text of a JSON value. */
export function canonicalJson(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ",";
      const item: unknown = value[index];
      out += isAbsent(item) ? "null" : canonicalJson(item);
    }
    return out + "]";
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    keys.sort();
    let out = "{";
    let first = true;
    for (const key of keys) {
      const member = record[key];
      if (isAbsent(member)) continue;
      out += (first ? "" : ",") + JSON.stringify(key) + ":" + canonicalJson(member);
      first = false;
    }
    return out + "}";
  }
  return isAbsent(value) ? "null" : (JSON.stringify(value) ?? "null");
}

function isAbsent(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

// The request key, the `key` of each request `podc compile` prints: the request's identity is its content, so it must
// not depend on the machine, the line endings of the script, or key order in the body. A run names its jobs by the
// job key instead (run/job.ts), which also covers the service's address: one name per hash.

/** Lower-case hex SHA-256 of the canonical JSON (as UTF-8) of `{method, path, body}`. */
export function requestKey(method: string, path: string, body: unknown): string {
  return sha256Hex(canonicalJson({ body, method, path }));
}

function sha256Hex(text: string): string {
  // Fetched on first use, not imported: loading node:crypto is a few milliseconds of every cold start, and `podc check`
  // (which shares this module's bundle) never hashes.
  return process.getBuiltinModule("node:crypto").hash("sha256", text, "hex");
}
