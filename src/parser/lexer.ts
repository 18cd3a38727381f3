import { Lexer, type IToken } from "chevrotain";
import { opensWithTitlePage } from "./line-kinds.js";
import { lexerDefinition } from "./tokens.js";

let lexer: Lexer | undefined;

/** Splits masked text into line tokens, starting on the title page when the script has one. */
export function tokenize(masked: string): IToken[] {
  // Built on first use, so that commands which never parse do not pay for it.
  lexer ??= new Lexer(lexerDefinition, {
    positionTracking: "onlyOffset",
    ensureOptimizations: false,
    skipValidations: true,
  });
  const result = lexer.tokenize(masked, opensWithTitlePage(masked) ? "title" : "body");
  // Every line matches some token of every mode, so the lexer cannot fail; an error here is a bug in podc.
  if (result.errors.length > 0) throw new Error(`internal: lexer could not classify offset ${result.errors[0]!.offset}`);
  return result.tokens;
}
