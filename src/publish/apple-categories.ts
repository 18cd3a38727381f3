/*
 * Apple Podcasts' categories and their subcategories, spelled exactly as the feed must spell them (Apple matches them
 * case and character for character; `&` is written `&amp;` by the XML writer). Apple lists a podcast under its first
 * category; other directories read the same list.
 */
export const APPLE_CATEGORIES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ["Arts", ["Books", "Design", "Fashion & Beauty", "Food", "Performing Arts", "Visual Arts"]],
  ["Business", ["Careers", "Entrepreneurship", "Investing", "Management", "Marketing", "Non-Profit"]],
  ["Comedy", ["Comedy Interviews", "Improv", "Stand-Up"]],
  ["Education", ["Courses", "How To", "Language Learning", "Self-Improvement"]],
  ["Fiction", ["Comedy Fiction", "Drama", "Science Fiction"]],
  ["Government", []],
  ["History", []],
  ["Health & Fitness", ["Alternative Health", "Fitness", "Medicine", "Mental Health", "Nutrition", "Sexuality"]],
  ["Kids & Family", ["Education for Kids", "Parenting", "Pets & Animals", "Stories for Kids"]],
  ["Leisure", ["Animation & Manga", "Automotive", "Aviation", "Crafts", "Games", "Hobbies", "Home & Garden", "Video Games"]],
  ["Music", ["Music Commentary", "Music History", "Music Interviews"]],
  ["News", ["Business News", "Daily News", "Entertainment News", "News Commentary", "Politics", "Sports News", "Tech News"]],
  ["Religion & Spirituality", ["Buddhism", "Christianity", "Hinduism", "Islam", "Judaism", "Religion", "Spirituality"]],
  ["Science", ["Astronomy", "Chemistry", "Earth Sciences", "Life Sciences", "Mathematics", "Natural Sciences", "Nature", "Physics", "Social Sciences"]],
  ["Society & Culture", ["Documentary", "Personal Journals", "Philosophy", "Places & Travel", "Relationships"]],
  [
    "Sports",
    [
      "Baseball",
      "Basketball",
      "Cricket",
      "Fantasy Sports",
      "Football",
      "Golf",
      "Hockey",
      "Rugby",
      "Running",
      "Soccer",
      "Swimming",
      "Tennis",
      "Volleyball",
      "Wilderness",
      "Wrestling",
    ],
  ],
  ["Technology", []],
  ["True Crime", []],
  ["TV & Film", ["After Shows", "Film History", "Film Interviews", "Film Reviews", "TV Reviews"]],
]);

/** Every category as podc.json spells it: `Fiction`, `Fiction/Science Fiction`, … */
export const CATEGORY_SPELLINGS: readonly string[] = [...APPLE_CATEGORIES].flatMap(([main, subs]) => [main, ...subs.map((sub) => `${main}/${sub}`)]);

/** A podc.json category (`Main` or `Main/Sub`) as the feed's nested pair, or undefined when Apple has no such category. */
export function appleCategory(spelling: string): { main: string; sub?: string } | undefined {
  const [main, sub, ...rest] = spelling.split("/");
  if (main === undefined || rest.length > 0 || !APPLE_CATEGORIES.has(main)) return undefined;
  if (sub === undefined) return { main };
  return APPLE_CATEGORIES.get(main)!.includes(sub) ? { main, sub } : undefined;
}
