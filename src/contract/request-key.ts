import { hash } from "node:crypto";
import { canonicalJson } from "./canonical-json.js";

// A request's identity is its content: the runner uses the key to recognise a request it already sent,
// so the key must not depend on the machine, the line endings of the script, or key order in the body.

/** Lower-case hex SHA-256 of the canonical JSON (as UTF-8) of `{method, path, body}`. */
export function requestKey(method: string, path: string, body: unknown): string {
  // crypto.hash (Node 20.12+) is the one-shot form of createHash().update().digest(): no Hash object per request.
  return hash("sha256", canonicalJson({ method, path, body }), "hex");
}
