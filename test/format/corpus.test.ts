import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { loadConfigFor } from "../../src/config/load.js";
import { ConfigSchema, type Config } from "../../src/config/schema.js";
import { format } from "../../src/format/format.js";
import { codesOf, requestsOf, triviaOf } from "./compare.js";

// Every script the repository holds — examples, golden fixtures of every stage, these fixtures — formats safely,
// once and for all (formatting twice changes nothing more), and compiles to the same requests afterwards.

const ROOT = join(import.meta.dirname, "../..");
const files = fg.sync(["examples/**/*.pod", "test/fixtures/**/*.pod", "test/format/fixtures/*.pod"], { cwd: ROOT, absolute: true });

/** A golden fixture's configuration sits beside it as NAME.config.json; otherwise the nearest podc.json. */
function configFor(file: string): Config {
  const beside = file.replace(/\.pod$/, ".config.json");
  if (existsSync(beside)) return ConfigSchema.parse(JSON.parse(readFileSync(beside, "utf8")));
  return loadConfigFor(dirname(file)).config;
}

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

describe("formatting every script in the repository", () => {
  it("finds the examples", () => {
    expect(files.some((f) => relative(ROOT, f).startsWith("examples"))).toBe(true);
  });

  for (const file of files) {
    it(relative(ROOT, file), () => {
      let text: string;
      try {
        text = strict.decode(readFileSync(file));
      } catch {
        return; // not UTF-8: podc fmt leaves such a file alone (tested in test/cli/fmt.test.ts)
      }
      const config = configFor(file);
      const once = format(text);
      expect(once.safe).toBe(true);
      expect(format(once.text).text).toBe(once.text);
      expect(requestsOf(once.text, config)).toEqual(requestsOf(text, config));
      expect(codesOf(once.text, config)).toEqual(codesOf(text, config));
      expect(triviaOf(once.text)).toEqual(triviaOf(text));
    });
  }
});
