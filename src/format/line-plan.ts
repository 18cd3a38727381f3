// The formatter works in two passes: first every line of the script gets its canonical content and the block it
// belongs to (this plan); then the blank lines between lines are laid out from the blocks alone.

/**
 * Blank lines are decided by block. The title page, section headings, songs and cue-form speeches stand apart,
 * with one blank line on each side; inline speeches, directions, standalone notes and unreadable lines form
 * paragraphs, which keep the grouping the writer gave them.
 */
export type BlockKind = "title" | "section" | "song" | "cue" | "paragraph";

export interface Block {
  kind: BlockKind;
  /** Distinct per element: two speeches are two blocks even when they share a paragraph. */
  id: number;
}

/** Where a line sits in a song, for the blank lines inside it. */
export type SongPart = "head" | "lyric" | "marker" | "end";

export interface PlannedLine {
  /** The line's canonical content, without its terminator. */
  content: string;
  /** Absent only for glue at the start of the file. */
  block?: Block;
  /**
   * A line of notes or boneyard only inside a song, or one that continues a note or boneyard from the line above:
   * it has no say in blank lines and stays with the lines around it.
   */
  glue: boolean;
  /** For glue whose content depends on its block: the content once a blank line parts it from that block. */
  alone?: string;
  songPart?: SongPart;
}

/** The planned lines of a script, by 1-based line number. The first element to claim a line keeps it. */
export class LinePlan {
  private readonly lines = new Map<number, PlannedLine>();
  private nextId = 0;

  newBlock(kind: BlockKind): Block {
    return { kind, id: this.nextId++ };
  }

  claim(line: number, planned: PlannedLine): void {
    if (!this.lines.has(line)) this.lines.set(line, planned);
  }

  has(line: number): boolean {
    return this.lines.has(line);
  }

  get(line: number): PlannedLine | undefined {
    return this.lines.get(line);
  }
}
