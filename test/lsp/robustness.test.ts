import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { Hover, PublishDiagnosticsParams } from "vscode-languageserver";
import { startClient, type TestClient } from "./client.js";

// A server that never goes deaf: whatever arrives on its standard input, it keeps answering — or, when it can no
// longer find where messages start, it exits at once so that the editor starts a new one.

const frame = (message: unknown) => {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
};

let client: TestClient | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (client && client.child.exitCode === null) await client.stop();
  client = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const alive = async (c: TestClient) => {
  const { diagnostics } = await c.open(`untitled:alive-${Math.random()}.pod`, "HOST: hello\n");
  expect(diagnostics.map((d) => d.code)).toEqual(["POD0201"]);
};

describe("parameters of the wrong shape", () => {
  it("answers a request with InvalidParams and lives on", async () => {
    client = await startClient();
    await expect(
      client.request("textDocument/hover", { textDocument: { uri: "untitled:x.pod" }, position: { line: -1, character: "a" } }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/invalid parameters for textDocument\/hover: position\.line/) });
    await expect(client.request("textDocument/completion", null)).rejects.toMatchObject({ code: -32602 });
    await expect(client.request("textDocument/codeAction", { textDocument: { uri: 5 } })).rejects.toMatchObject({ code: -32602 });
    await alive(client);
  });

  it("drops a notification it cannot read, with one line on stderr and no stack", async () => {
    client = await startClient();
    await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: "untitled:n.pod", languageId: "pod", version: 1, text: 42 } });
    await client.connection.sendNotification("textDocument/didChange", { textDocument: { uri: "untitled:n.pod" }, contentChanges: "x" });
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", {});
    await alive(client);
    expect(client.stderr()).toMatch(/ignored textDocument\/didOpen: invalid parameters .*textDocument\.text/);
    expect(client.stderr()).not.toMatch(/ at /); // no stack trace
    expect(client.stderr().length).toBeLessThan(1000);
  });
});

describe("malformed frames", () => {
  it("skips a frame whose body is not JSON and answers the next one", async () => {
    client = await startClient();
    const body = Buffer.from("{ this is not json", "utf8");
    client.child.stdin!.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    await alive(client);
    expect(client.stderr()).toMatch(/skipped a message that is not JSON/);
  });

  it("exits at once when it cannot find where messages start", async () => {
    client = await startClient();
    const exited = new Promise<number | null>((resolve) => client!.child.on("exit", (code) => resolve(code)));
    client.child.stdin!.write("Content-Type: nonsense\r\n\r\n{}");
    expect(await exited).toBe(1);
    expect(client.stderr()).toMatch(/cannot read the editor's messages any more/);
  });
});

describe("frames it cannot read are never met with silence", () => {
  it("exits at once, saying why, when a header ends with \\n\\n instead of \\r\\n\\r\\n", async () => {
    client = await startClient();
    await alive(client);
    const exited = new Promise<number | null>((resolve) => client!.child.on("exit", (code) => resolve(code)));
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 99,
      method: "textDocument/hover",
      params: { textDocument: { uri: "untitled:x.pod" }, position: { line: 0, character: 0 } },
    });
    client.child.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\n\n${body}`);
    expect(await exited).toBe(1);
    expect(client.stderr()).toMatch(/cannot read the editor's messages any more \(a message's header ends with a blank line without carriage returns/);
    expect(client.stderr()).not.toMatch(/ at /); // no stack trace
  }, 300_000);

  it("exits, saying why, when a message's body stops short of its Content-Length", async () => {
    client = await startClient();
    await alive(client);
    const exited = new Promise<number | null>((resolve) => client!.child.on("exit", (code) => resolve(code)));
    const body = JSON.stringify({ jsonrpc: "2.0", id: 99, method: "shutdown" });
    client.child.stdin!.write(`Content-Length: ${Buffer.byteLength(body) + 50}\r\n\r\n${body}`);
    expect(await exited).toBe(1);
    expect(client.stderr()).toMatch(/cannot read the editor's messages any more \(a message stopped short of its Content-Length for 6 s\)/);
    expect(client.stderr()).not.toMatch(/ at /);
  }, 300_000);
});

describe("a burst of changes", () => {
  it("analyses only the newest version", async () => {
    client = await startClient();
    const uri = "untitled:burst.pod";
    await client.open(uri, "HOST: one\n");
    const published: PublishDiagnosticsParams[] = [];
    client.connection.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => void published.push(p));
    // Twenty keystrokes, arriving together as they do when the server is busy.
    const frames = Array.from({ length: 20 }, (_, i) =>
      frame({
        jsonrpc: "2.0",
        method: "textDocument/didChange",
        params: {
          textDocument: { uri, version: i + 2 },
          contentChanges: [{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 9 } }, text: "x" }],
        },
      }),
    );
    client.child.stdin!.write(Buffer.concat(frames));
    await expect.poll(() => published.some((p) => p.version === 21)).toBe(true);
    await client.request("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 0 } });
    expect(published.map((p) => p.version)).toEqual([21]);
  });
});

describe("a hostile document", () => {
  it("gets as many diagnostics as podc check prints, and one saying how many more", async () => {
    client = await startClient();
    const { diagnostics } = await client.open("untitled:hostile.pod", "/*/*/*\n*/ */ */\n".repeat(20_000));
    expect(diagnostics).toHaveLength(201);
    expect(diagnostics[200]).toMatchObject({ code: "POD0006", message: expect.stringMatching(/^… and \d+ more/) });
    expect(JSON.stringify(diagnostics).length).toBeLessThan(100_000);
  });
});

describe("podc.json without file watching", () => {
  it("notices a changed podc.json at the next analysis, with no notification from the editor", async () => {
    dir = mkdtempSync(join(tmpdir(), "podc-lsp-"));
    const config = join(dir, "podc.json");
    writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan" } }));
    client = await startClient(pathToFileURL(dir).href, { watch: false });
    const uri = pathToFileURL(join(dir, "episode.pod")).href;
    const opened = await client.open(uri, "HOST: Hello.\n\nGUEST: Hi.\n");
    expect(opened.diagnostics.map((d) => d.code)).toEqual(["POD0201"]);

    writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan", GUEST: "Victoria" } }));
    utimesSync(config, new Date(), new Date(Date.now() + 5000)); // a different time even on a coarse clock
    // Any request makes the server look; it re-checks every open script and publishes.
    const next = client.nextDiagnostics(uri);
    const hover = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri }, position: { line: 2, character: 1 } });
    expect(JSON.stringify(hover)).toContain("Victoria");
    expect((await next).diagnostics).toEqual([]);
  });

  it("notices it with no request at all, while the writer types nothing", async () => {
    dir = mkdtempSync(join(tmpdir(), "podc-lsp-"));
    const config = join(dir, "podc.json");
    writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan" } }));
    client = await startClient(pathToFileURL(dir).href, { watch: false });
    const uri = pathToFileURL(join(dir, "episode.pod")).href;
    expect((await client.open(uri, "HOST: Hello.\n\nGUEST: Hi.\n")).diagnostics.map((d) => d.code)).toEqual(["POD0201"]);
    const next = client.nextDiagnostics(uri);
    writeFileSync(config, JSON.stringify({ cast: { HOST: "Ethan", GUEST: "Victoria" } }));
    utimesSync(config, new Date(), new Date(Date.now() + 5000));
    expect((await next).diagnostics).toEqual([]);
  });
});
