import type { Script } from "./nodes.js";

/** The value of the last title-page entry named `name` (lower case): as in Cast, a later entry wins. */
export function titlePageValue(script: Script, name: string): string | undefined {
  return script.titlePage?.entries.findLast((entry) => entry.name === name)?.value.text;
}
