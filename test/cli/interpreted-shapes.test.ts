import { expect, test } from "vitest";
import { z } from "zod";
import { interpretShapes } from "../../src/cli/interpreted-shapes.js";
import { runPodc } from "./io-helper.js";

test("the command line's setting reaches zod's own config, with zod loaded first", () => {
  interpretShapes();
  expect(z.config().jitless).toBe(true);
  // Interpreted checks still check: a wrong shape is still refused.
  expect(z.object({ n: z.number() }).safeParse({ n: "1" }).success).toBe(false);
});

test("every command runs with it: main() sets it before dispatching", async () => {
  z.config({ jitless: false });
  const result = await runPodc(["--version"], process.cwd());
  expect(result.code).toBe(0);
  expect(z.config().jitless).toBe(true);
});
