import {
  Alternation,
  Alternative,
  LLkLookaheadStrategy,
  NonTerminal,
  Option,
  Repetition,
  RepetitionMandatory,
  Terminal,
  tokenMatcher,
  type IProduction,
  type IToken,
  type OptionalProductionType,
  type Rule,
  type TokenType,
} from "chevrotain";

// The grammar decides every choice on the next line's token alone (LL(1)): a speech starts with a label line or a cue,
// a song with SONG:, and so on. chevrotain's general LL(k) analysis finds that too, but costs a good part of a cold
// start; this strategy reads the first tokens of each alternative off the recorded grammar and makes each decision a
// table lookup by token type. Where a choice is not LL(1) (an alternative that may be empty, two alternatives that
// start alike) it leaves the decision to chevrotain's analysis, so it is never wrong, only sometimes no faster. A test
// checks that every decision it makes equals chevrotain's own.

type Parser = { LA(n: number): IToken };
type Productions = readonly IProduction[];
type Composite = IProduction & { definition: IProduction[] };

const OPTIONAL: Record<string, new (...args: never[]) => IProduction> = {
  Option,
  Repetition,
  RepetitionMandatory,
};

export class FirstTokenLookahead extends LLkLookaheadStrategy {
  constructor(private readonly vocabulary: readonly TokenType[]) {
    super({ maxLookahead: 1 });
  }

  override validate(): [] {
    return [];
  }

  override buildLookaheadForAlternation(options: {
    prodOccurrence: number;
    rule: Rule;
    maxLookahead: number;
    hasPredicates: boolean;
    dynamicTokensEnabled: boolean;
  }) {
    const or = find(options.rule.definition, Alternation, options.prodOccurrence) as Alternation | undefined;
    const table = or && !options.hasPredicates ? this.choiceTable(or.definition.map((alt) => (alt as Composite).definition)) : undefined;
    if (!table) return super.buildLookaheadForAlternation(options);
    return function (this: Parser): number | undefined {
      return table[this.LA(1).tokenTypeIdx];
    };
  }

  override buildLookaheadForOptional(options: {
    prodOccurrence: number;
    prodType: OptionalProductionType;
    rule: Rule;
    maxLookahead: number;
    dynamicTokensEnabled: boolean;
  }) {
    const type = OPTIONAL[options.prodType];
    const production = type ? find(options.rule.definition, type, options.prodOccurrence) : undefined;
    const table = production ? this.choiceTable([(production as Option).definition]) : undefined;
    if (!table) return super.buildLookaheadForOptional(options);
    return function (this: Parser): boolean {
      return table[this.LA(1).tokenTypeIdx] === 0;
    };
  }

  /** For each token type index, the first of these sequences that starts with it; undefined when it is not LL(1). */
  private choiceTable(sequences: readonly Productions[]): (number | undefined)[] | undefined {
    const table: (number | undefined)[] = [];
    for (const [index, sequence] of sequences.entries()) {
      const first = new Set<TokenType>();
      if (firstTokens(sequence, first)) return undefined; // may be empty: the choice depends on what follows
      for (const terminal of first) {
        for (const type of this.vocabulary) {
          if (!tokenMatcher({ tokenTypeIdx: type.tokenTypeIdx } as IToken, terminal)) continue;
          const at = type.tokenTypeIdx!;
          if (table[at] !== undefined && table[at] !== index) return undefined; // two alternatives start alike
          table[at] = index;
        }
      }
    }
    return table;
  }
}

/** The production of this type with this occurrence index in a rule, searched depth first. */
function find(productions: Productions, type: new (...args: never[]) => IProduction, occurrence: number): IProduction | undefined {
  for (const p of productions) {
    if (p instanceof type && (p as Option).idx === occurrence) return p;
    if (p instanceof NonTerminal || p instanceof Terminal) continue;
    const inner = (p as { definition?: Productions }).definition;
    const found = inner ? find(inner, type, occurrence) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Adds the tokens `sequence` can start with to `into`; true when it can also match nothing. */
function firstTokens(sequence: Productions, into: Set<TokenType>): boolean {
  for (const p of sequence) if (!firstOf(p, into)) return false;
  return true;
}

function firstOf(p: IProduction, into: Set<TokenType>): boolean {
  if (p instanceof Terminal) {
    into.add(p.terminalType);
    return false;
  }
  if (p instanceof NonTerminal) return firstTokens(p.referencedRule.definition, into);
  if (p instanceof Alternation) {
    let empty = false;
    for (const alt of p.definition) empty = firstTokens((alt as Composite).definition, into) || empty;
    return empty;
  }
  if (p instanceof Alternative || p instanceof RepetitionMandatory) return firstTokens(p.definition, into);
  if (p instanceof Option || p instanceof Repetition) {
    firstTokens(p.definition, into);
    return true;
  }
  // Any other production (separated repetitions, which the grammar does not use): say it may be empty, so the choice
  // falls back to chevrotain's analysis.
  return true;
}
