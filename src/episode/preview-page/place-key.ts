/** What the page's storage key for its place and speed starts with; the page's path follows it. */
export const PLACE_KEY_PREFIX = "podc-preview:";
