import { z } from "zod";
import type { Position, Span } from "./span.js";

// The span shapes as zod schemas, for the tree's node schemas and the diagnostic schema; the assertions at the
// bottom fail to compile if they drift from the plain types in span.ts.

const PositionSchema = z.object({
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  offset: z.number().int().min(0),
});

export const SpanSchema = z.object({ start: PositionSchema, end: PositionSchema });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T => true as T;
same<Same<z.infer<typeof PositionSchema>, Position>>();
same<Same<z.infer<typeof SpanSchema>, Span>>();
