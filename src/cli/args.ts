import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./io.js";

export type OptionTable = NonNullable<ParseArgsConfig["options"]>;

/** Parses argv against a command's option table; unknown options and missing values are usage errors. */
export function parseOptions<T extends OptionTable>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
