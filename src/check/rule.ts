import type { Visitor } from "../ast/walk.js";
import type { CheckContext } from "./context.js";

/**
 * A check rule: given the context, returns the handlers it needs for one shared walk over the tree, and optionally
 * `done`, called after the walk for rules that judge the whole script.
 */
export interface Rule {
  /** What the rule guarantees, in a few words: shown in docs and tests. */
  name: string;
  create(context: CheckContext): Visitor & { done?(): void };
}
