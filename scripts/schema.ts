// Writes schema/podc.schema.json from the configuration's zod schema, so editors complete and check podc.json
// exactly as podc validates it (a test regenerates it and compares).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { ConfigSchema } from "../src/config/schema.js";

export const SCHEMA_PATH = fileURLToPath(new URL("../schema/podc.schema.json", import.meta.url));

/** The JSON Schema of podc.json, as text. */
export function configJsonSchema(): string {
  const schema = z.toJSONSchema(ConfigSchema, { io: "input", target: "draft-2020-12" });
  return JSON.stringify({ ...schema, title: "podc project configuration (podc.json)" }, null, 2) + "\n";
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_PATH, configJsonSchema());
  process.stdout.write("wrote schema/podc.schema.json\n");
}
