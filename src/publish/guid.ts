import { createHash } from "node:crypto";

/*
 * The identifiers of a podcast and its episodes. The podcast's is the Podcasting 2.0 `podcast:guid`: a UUID v5 of the
 * feed's address without its scheme and trailing slashes, in the namespace the specification fixes, so any tool
 * derives the same one from the same feed. An episode's is made once, when it is first published, and kept in the
 * publish record: a UUID v5 of its script's path in the podcast's own namespace, so that a publish that could not
 * keep its record (CI, before the record was committed) gives a new episode the same guid every time.
 */

const PODCAST_NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

/** The `podcast:guid` of the feed at `feedUrl`. */
export function podcastGuid(feedUrl: string): string {
  const withoutScheme = feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, "");
  return uuidV5(withoutScheme, PODCAST_NAMESPACE);
}

/** A new episode's identifier, from the podcast's guid and the script's path in the repository. */
export function newEpisodeGuid(podcast: string, script: string): string {
  return uuidV5(`episode:${script}`, podcast);
}

/** RFC 9562 UUID version 5: SHA-1 of the namespace's bytes and the name's UTF-8. */
function uuidV5(name: string, namespace: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replace(/-/g, ""), "hex"))
    .update(name, "utf8")
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
