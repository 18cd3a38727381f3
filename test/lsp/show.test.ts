import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { performedScript, SHOW_VERSION, type PerformedScript } from "../../src/ast/performed-script.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { SHOW_REQUEST } from "../../src/lsp/show.js";
import { startClient, type TestClient } from "./client.js";

// The editor's "Show as performed" asks the server for podc show's answer of the document it shows: the same lines and
// fates as `podc show --json`, following the writing, mistakes included.

const URI = "untitled:show.pod";
const TEXT = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n# One\n\nHOST: Welcome to the show.\nGUEST: (dryly) Thanks.\n[[ cut? ]]\n";

let client: TestClient;
beforeAll(async () => {
  client = await startClient();
  await client.open(URI, TEXT);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

describe("podc/show", () => {
  it("answers with every line beside its fate, as podc show --json shows one script", async () => {
    const shown = await client.request<PerformedScript & { showVersion: number }>(SHOW_REQUEST, { textDocument: { uri: URI } });
    const analysis = analyze(TEXT, { file: URI, config: defaultConfig() });
    expect(shown).toEqual({ showVersion: SHOW_VERSION, ...performedScript(URI, analysis.script, analysis.source, (s) => analysis.cast.get(s)?.voice) });
    expect(shown.lines.map((l) => l.label)).toEqual([
      "not sent: title page",
      "not sent: title page",
      "not sent: cast",
      "not sent: cast",
      "",
      "not sent: heading",
      "",
      "HOST (Ethan)",
      "GUEST (Victoria)",
      "not sent: note",
    ]);
    expect(shown.lines[8]).toMatchObject({ fate: "spoken", speaker: "GUEST", voice: "Victoria", sent: "Thanks." });
  });

  it("follows the writing: an uncast speaker being typed is not sent, and an unknown document is null", async () => {
    const uri = "untitled:typing.pod";
    await client.open(uri, TEXT + "DJ: Hi.\n");
    const shown = await client.request<PerformedScript>(SHOW_REQUEST, { textDocument: { uri } });
    expect(shown.lines.at(-1)).toMatchObject({ line: 11, fate: "silent", reason: "unknown speaker", speaker: "DJ", label: "not sent: DJ has no voice" });
    expect(await client.request(SHOW_REQUEST, { textDocument: { uri: "untitled:never-opened.pod" } })).toBeNull();
  });
});
