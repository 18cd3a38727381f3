import { canonicalJson } from "./canonical-json.js";

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
