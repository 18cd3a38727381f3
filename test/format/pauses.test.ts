/* podc fmt keeps a script's pauses where they are and as written: the formatted script makes the same plan, pauses included. */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { format } from "../../src/format/format.js";

it("formats the pauses fixture safely and idempotently, with the same requests and pauses", () => {
  const text = readFileSync(new URL("../fixtures/golden/pauses.pod", import.meta.url), "utf8");
  const messy = text.replace("(beat)", "   (beat)   ").replace("HOST: (PAUSE 500ms)", "HOST:(PAUSE 500ms)  ");
  const once = format(messy);
  expect(once.safe).toBe(true);
  expect(format(once.text).text).toBe(once.text);
  const plan = (source: string) => analyze(Buffer.from(source), { file: "pauses.pod", config: defaultConfig() }).plan;
  expect(JSON.stringify(plan(once.text))).toBe(JSON.stringify(plan(text)));
  expect(once.text).toContain("\n(beat)\n");
});
