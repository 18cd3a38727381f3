/*
 * What directories ask of a podcast's cover, read from the file's own header: JPEG or PNG, its size in pixels and
 * whether it is in colour (RGB). Apple asks for a square of 1400 to 3000 pixels in RGB, and rejects a feed for it
 * more than for anything else.
 */

export interface ArtworkFacts {
  format: "jpeg" | "png";
  width: number;
  height: number;
  /** RGB (PNG colour types 2, 3 and 6; a JPEG of three components); grey or CMYK otherwise. */
  rgb: boolean;
  colour: string;
}

export const ARTWORK_MIN_PX = 1400;
export const ARTWORK_MAX_PX = 3000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_COLOURS: Record<number, string> = { 0: "greyscale", 2: "RGB", 3: "RGB palette", 4: "greyscale with alpha", 6: "RGB with alpha" };
const JPEG_COLOURS: Record<number, string> = { 1: "greyscale", 3: "RGB (YCbCr)", 4: "CMYK" };

/** The facts of an image's header, or undefined when the bytes are neither a PNG nor a JPEG it can read. */
export function artworkFacts(bytes: Buffer): ArtworkFacts | undefined {
  if (bytes.length >= 26 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString("latin1", 12, 16) === "IHDR") {
    const type = bytes[25]!;
    return {
      format: "png",
      width: bytes.readUInt32BE(16),
      height: bytes.readUInt32BE(20),
      rgb: [2, 3, 6].includes(type),
      colour: PNG_COLOURS[type] ?? `colour type ${type}`,
    };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegFacts(bytes);
  return undefined;
}

/** A JPEG's frame header (SOF0–SOF15 but the markers that are not frames): its size and number of components. */
function jpegFacts(bytes: Buffer): ArtworkFacts | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) {
      if (at + 10 > bytes.length) return undefined;
      const components = bytes[at + 9]!;
      return {
        format: "jpeg",
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
        rgb: components === 3,
        colour: JPEG_COLOURS[components] ?? `${components} components`,
      };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // the image data began without a frame header
    at += 2 + length;
  }
  return undefined;
}
