import type { Visitor } from "../ast/walk.js";
import type { Code } from "../diagnostics/codes.js";
import type { CheckContext } from "./context.js";

/**
 * A check rule: given the context, returns the handlers it needs for one shared walk over the tree, and optionally
 * `done`, called after the walk for rules that judge the whole script.
 */
export interface Rule {
  /** What the rule guarantees, in a few words: shown in docs and tests. */
  name: string;
  /** Every code the rule reports (a rule reporting another is a bug, stopped at once): docs/diagnostics.md names the rule. */
  codes: readonly Code[];
  create(context: CheckContext): Visitor & { done?(): void };
}
