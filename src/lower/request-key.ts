import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json.js";

// A request's identity is its content: the runner uses the key to recognise a request it already sent,
// so the key must not depend on the machine, the line endings of the script, or key order in the body.

/** Lower-case hex SHA-256 of the canonical JSON of `{method, path, body}`. */
export function requestKey(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(canonicalJson({ method, path, body }), "utf8").digest("hex");
}
