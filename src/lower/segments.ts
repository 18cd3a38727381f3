import type { BodyElement, Song, Speech } from "../ast/nodes.js";

// A segment is a maximal run of speeches not interrupted by a section heading or a song. Directions,
// notes and invalid lines are not sent and do not interrupt it. Every block carries the title of the
// nearest section heading before it (of any depth), which becomes the requests' origin.

/** A run of speeches that is lowered to podcast requests. */
export interface SegmentBlock {
  kind: "segment";
  speeches: Speech[];
  section?: string;
}

/** A song block, lowered to one song request. */
export interface SongBlock {
  kind: "song";
  song: Song;
  section?: string;
}

export type Block = SegmentBlock | SongBlock;

/** The body cut into segments and songs, in script order; a segment always holds at least one speech. */
export function segmentBody(body: readonly BodyElement[]): Block[] {
  const blocks: Block[] = [];
  let section: string | undefined;
  let segment: SegmentBlock | undefined;
  for (const element of body) {
    switch (element.type) {
      case "Section":
        segment = undefined;
        section = element.title.text;
        break;
      case "Song":
        segment = undefined;
        blocks.push(withSection({ kind: "song", song: element }, section));
        break;
      case "Speech":
        if (segment === undefined) {
          segment = withSection({ kind: "segment", speeches: [] }, section);
          blocks.push(segment);
        }
        segment.speeches.push(element);
        break;
      case "Direction":
      case "Note":
      case "Invalid":
        break;
    }
  }
  return blocks;
}

// `section` is left out rather than set to undefined, so plans compare and print without an empty key.
function withSection<T extends Block>(block: T, section: string | undefined): T {
  return section === undefined ? block : { ...block, section };
}
