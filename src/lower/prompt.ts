// The style prompt is a list of descriptors: each is trimmed, empty ones (from `a,,b` or a trailing
// comma) are dropped, and the rest are joined with ", ". Only the ASCII comma separates descriptors;
// the inside of a descriptor is sent as written.

/** The `prompt` of a song request from its `Style` header value. */
export function stylePrompt(style: string): string {
  return style
    .split(",")
    .map((descriptor) => descriptor.trim())
    .filter((descriptor) => descriptor !== "")
    .join(", ");
}
