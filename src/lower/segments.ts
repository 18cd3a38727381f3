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

/**
 * Cuts a body into segments and songs as its elements come, in script order: a segment is handed out once something
 * ends it (a section heading, a song, the end), so only the segment being read is held.
 */
export class Segmenter {
  private section: string | undefined;
  private segment: SegmentBlock | undefined;

  /** Takes the next body element; pushes onto `out` the blocks it completes. */
  add(element: BodyElement, out: Block[]): void {
    switch (element.type) {
      case "Section":
        this.end(out);
        this.section = element.title.text;
        break;
      case "Song":
        this.end(out);
        out.push(withSection({ kind: "song", song: element }, this.section));
        break;
      case "Speech":
        this.segment ??= withSection({ kind: "segment", speeches: [] }, this.section);
        this.segment.speeches.push(element);
        break;
      case "Direction":
      case "Note":
      case "Invalid":
        break;
    }
  }

  /** Ends the segment being read, if any, pushing it onto `out`. */
  end(out: Block[]): void {
    if (this.segment) out.push(this.segment);
    this.segment = undefined;
  }
}

/** The body cut into segments and songs, in script order; a segment always holds at least one speech. */
export function segmentBody(body: readonly BodyElement[]): Block[] {
  const segmenter = new Segmenter();
  const blocks: Block[] = [];
  for (const element of body) segmenter.add(element, blocks);
  segmenter.end(blocks);
  return blocks;
}

// `section` is left out rather than set to undefined, so plans compare and print without an empty key.
function withSection<T extends Block>(block: T, section: string | undefined): T {
  return section === undefined ? block : { ...block, section };
}
