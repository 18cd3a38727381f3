import { expect, test } from "vitest";
import { z } from "zod";
import { interpretShapes } from "../../src/cli/interpreted-shapes.js";

test("the command line's setting reaches zod's own config, with zod loaded first", () => {
  interpretShapes();
  expect(z.config().jitless).toBe(true);
  // Interpreted checks still check: a wrong shape is still refused.
  expect(z.object({ n: z.number() }).safeParse({ n: "1" }).success).toBe(false);
});
