import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { main } from "../../src/cli/command.js";
import { memoryIo, runPodc } from "../cli/io-helper.js";

// `podc lsp` as a command: its usage errors, and the exit codes the protocol asks for. (The features are tested
// over a real child process in the other files of this folder.)

describe("podc lsp", () => {
  it("speaks over stdio only", async () => {
    const none = await runPodc(["lsp"], process.cwd());
    expect(none.code).toBe(2);
    expect(none.stderr).toBe("podc lsp: say how the editor talks to the server: podc lsp --stdio\n");
    for (const transport of ["--socket=5000", "--node-ipc", "--pipe=/tmp/x"]) {
      const other = await runPodc(["lsp", transport], process.cwd());
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(/is not supported: the language server speaks over --stdio only/);
    }
    expect((await runPodc(["lsp", "--stdio", "extra"], process.cwd())).code).toBe(2);
  });

  it("prints its help", async () => {
    const help = await runPodc(["lsp", "--help"], process.cwd());
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^podc lsp — .*\n\nUsage: podc lsp --stdio\n/);
  });

  it("exits 0 after shutdown and exit, and 1 when the editor goes away without them", async () => {
    const serve = () => {
      const stdin = new PassThrough();
      const m = memoryIo(process.cwd());
      m.io.stdin = stdin;
      const output = new PassThrough();
      m.io.stdout = output;
      const code = main(["lsp", "--stdio"], m.io);
      const connection = createMessageConnection(new StreamMessageReader(output), new StreamMessageWriter(stdin));
      connection.listen();
      return { stdin, code, connection };
    };

    const polite = serve();
    await polite.connection.sendRequest("initialize", { processId: null, rootUri: null, capabilities: {} });
    await polite.connection.sendRequest("shutdown");
    await polite.connection.sendNotification("exit");
    expect(await polite.code).toBe(0);
    polite.connection.dispose();

    const gone = serve();
    await gone.connection.sendRequest("initialize", { processId: null, rootUri: null, capabilities: {} });
    gone.connection.dispose();
    gone.stdin.end();
    expect(await gone.code).toBe(1);
  });
});
