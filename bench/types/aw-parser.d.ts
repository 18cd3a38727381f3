// afterwriting's Fountain parser ships no types; the bench calls only this.
declare module "aw-parser" {
  export const parser: {
    parse(text: string, config: Record<string, boolean>): { title_page: unknown[]; tokens: unknown[] };
  };
}
