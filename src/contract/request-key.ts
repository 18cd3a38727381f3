import { canonicalJson } from "./canonical-json.js";

// The request key, the `key` of each request `podc compile` prints: the request's identity is its content, so it must
// not depend on the machine, the line endings of the script, or key order in the body. A run names its jobs by the
// job key instead (run/job.ts), which also covers the service's address: one name per hash.

/** Lower-case hex SHA-256 of the canonical JSON (as UTF-8) of `{method, path, body}`. */
export function requestKey(method: string, path: string, body: unknown): string {
  // The members are written in canonical order, so that canonicalJson need not sort them (a keys array and a sort per
  // request of a long script).
  return sha256Hex(canonicalJson({ body, method, path }));
}

/**
 * requestKey(method, path, body), given `bodyJson`: the body's canonical JSON, which JSON.stringify writes for a body
 * built with its members in code-unit order at every depth and none undefined. Lowering builds podcast bodies so, by
 * the thousand in a long script, and V8's own serializer writes them several times faster than canonicalJson.
 */
export function requestKeyOfCanonical(method: string, path: string, bodyJson: string): string {
  const { head, tail } = canonicalAround(method, path);
  return sha256Hex(head + bodyJson + tail);
}

/** What the canonical JSON of `{method, path, body}` has before and after the body's own. */
export function canonicalAround(method: string, path: string): { head: string; tail: string } {
  return { head: '{"body":', tail: `,"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}}` };
}

/**
 * The key of a request given its whole canonical JSON, canonicalAround's head, the body's, and its tail: for a caller
 * that writes it in pieces and joins them once, rather than joining the body's and then copying it into the whole.
 */
export function requestKeyOfCanonicalRequest(requestJson: string): string {
  return sha256Hex(requestJson);
}

function sha256Hex(text: string): string {
  // node:crypto is fetched on first use, not imported: loading it is a few milliseconds of every cold start, and
  // `podc check` (which shares this module's bundle) never hashes. crypto.hash (Node 20.12+) is the one-shot form of
  // createHash().update().digest(): no Hash object per request.
  return process.getBuiltinModule("node:crypto").hash("sha256", text, "hex");
}
