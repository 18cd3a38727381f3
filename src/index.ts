// The podc library: the same pipeline the command line and the language server use.
export { analyze, type Analysis, type AnalyzeOptions } from "./compile.js";
export { format, formatText } from "./format/format.js";
export { parse, type ParseResult } from "./parser/parse.js";
export { parseFountain } from "./parser/fountain/index.js";
export { dialectOf, type Dialect } from "./parser/dialect.js";
export { importScreenplay, type Imported } from "./import/index.js";
export { check } from "./check/check.js";
export { lower } from "./lower/lower.js";
export type { Plan, PlannedRequest } from "./lower/plan.js";
export type { Script } from "./ast/nodes.js";
export type { Diagnostic } from "./diagnostics/diagnostic.js";
export type { Span } from "./source/span.js";
export { ConfigSchema, defaultConfig, type Config } from "./config/schema.js";
export { loadConfigFor } from "./config/load.js";
