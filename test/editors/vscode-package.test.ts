import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import type { PublishDiagnosticsParams } from "vscode-languageserver";
import { COMMANDS } from "../../src/cli/commands.js";
import { EXTENSION, extensionManifest, lockPackaging, packageExtension, vsixPath } from "./package-extension.js";

// `npm run package` of the VS Code extension, as a writer builds it: one .vsix of about a megabyte holding the
// extension bundled into one file, the podc package beside it (so nothing else needs installing), the grammar, the
// podc.json schema and the song snippet — and the podc inside it is a whole podc: the language server, and every
// command of the command line, run as the extension runs them.
//
// The extension has its own dependencies (the packager among them): CI installs them (`.ci/run`), and there the test
// is required; in a clone where `editors/vscode` was never installed it says so and is skipped.

const ROOT = join(import.meta.dirname, "..", "..");
const PODC = join(EXTENSION, "dist", "podc", "bin", "podc.cjs");
const installed = existsSync(join(EXTENSION, "node_modules", ".bin", "vsce"));
const required = process.env.PODC_REQUIRE_EXTENSION === "1";

describe.runIf(installed || required)("the VS Code extension", () => {
  // The code-server test packages the extension too: each waits for the other to be done with dist/.
  let release = () => {};
  beforeAll(async () => {
    release = await lockPackaging();
  }, 600_000);
  afterAll(() => release());

  it("packages into one .vsix of about a megabyte with podc inside", { timeout: 240_000 }, async () => {
    expect(installed, "run `npm ci` in editors/vscode").toBe(true);
    const manifest = JSON.parse(readFileSync(join(EXTENSION, "package.json"), "utf8"));
    const vsix = vsixPath();
    const packed = packageExtension();
    expect(packed.status, packed.stderr + packed.stdout).toBe(0);
    // A marketplace refuses, or a writer would see, what the packager warns about.
    expect(packed.stdout + packed.stderr).not.toMatch(/WARNING|warn/i);
    const size = statSync(vsix).size;
    expect(size).toBeGreaterThan(100_000);
    expect(size).toBeLessThan(2_000_000);

    const entries = await zipEntries(vsix);
    expect(entries.filter((e) => /\.m?js$/.test(e))).toEqual(["extension/dist/extension.js"]);
    expect(entries).toEqual(
      expect.arrayContaining([
        "extension/package.json",
        "extension/dist/podc/package.json",
        "extension/dist/podc/bin/podc.cjs",
        "extension/dist/podc/dist/main.cjs",
        "extension/dist/podc/dist/commands/lsp.cjs",
        "extension/dist/podc/docs/cli.md",
        "extension/dist/podc/schema/podc.schema.json",
        "extension/syntaxes/pod.tmLanguage.json",
        "extension/schemas/podc.schema.json",
        "extension/snippets/podscript.json",
        "extension/language-configuration.json",
        "extension/images/icon.png",
        "extension/images/vscode.png",
        "extension/LICENSE.txt",
        "extension/changelog.md",
      ]),
    );
    expect(entries.some((e) => e.includes("node_modules") || e.includes("/cache/"))).toBe(false);

    // What VS Code reads from the manifest: trust, a setting no workspace may set, the commands, the schema.
    expect(manifest.capabilities.untrustedWorkspaces).toMatchObject({ supported: "limited", restrictedConfigurations: ["podc.path"] });
    expect(manifest.contributes.configuration.properties["podc.path"].scope).toBe("machine");
    expect(manifest.contributes.commands.map((c: { command: string }) => c.command)).toEqual([
      "podc.restartServer",
      "podc.tableRead",
      "podc.refreshCharacters",
      "podc.showPreview",
      "podc.showPerformed",
    ]);
    expect(manifest.contributes.views.explorer).toEqual([{ id: "podc.characters", name: "Characters", when: "podc.scriptOpen" }]);
    expect(manifest.contributes.jsonValidation).toEqual([{ fileMatch: "podc.json", url: "./schemas/podc.schema.json" }]);
    const snippet = JSON.parse(readFileSync(join(EXTENSION, "snippets", "podscript.json"), "utf8"))["Song block"];
    expect(snippet.body[0]).toMatch(/^SONG: /);
    expect(snippet.body).toContain("END SONG");

    // The podc inside the extension is the language server.
    const server = spawn(process.execPath, [PODC, "lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
    const published = new Promise<PublishDiagnosticsParams>((resolve) => connection.onNotification("textDocument/publishDiagnostics", resolve));
    connection.listen();
    await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
    await connection.sendNotification("initialized", {});
    await connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri: "untitled:x.pod", languageId: "podscript", version: 1, text: "HOST: Hello.\n" },
    });
    expect((await published).diagnostics.map((d) => d.code)).toEqual(["POD0201"]);
    await connection.sendRequest("shutdown");
    await connection.sendNotification("exit");
    connection.dispose();
  });

  // As the extension's table read runs it (VS Code's Node, its own environment), in a folder of a writer's own.
  it("runs every command of podc from inside the extension", { timeout: 240_000 }, () => {
    expect(existsSync(PODC), "the test above builds the extension").toBe(true);
    const folder = mkdtempSync(join(tmpdir(), "podc-vscode-"));
    const podc = (...args: string[]) => spawnSync(process.execPath, [PODC, ...args], { cwd: folder, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    try {
      const version = podc("--version");
      expect(version.status, version.stderr).toBe(0);
      expect(version.stdout).toBe(`podc ${JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version}\n`);
      const help = podc("--help");
      expect(help.status, help.stderr).toBe(0);
      for (const name of Object.keys(COMMANDS)) expect(help.stdout).toContain(name);
      for (const name of Object.keys(COMMANDS)) {
        const page = podc("help", name);
        expect(page.status, `${name}: ${page.stderr}`).toBe(0);
        expect(existsSync(/\nDocs: (.+)\n$/.exec(page.stdout)?.[1] ?? "")).toBe(true);
      }
      const init = podc("init");
      expect(init.status, init.stderr).toBe(0);
      // What podc init recommends is what installs: the extension's publisher.name.
      const { publisher, name } = extensionManifest();
      expect(JSON.parse(readFileSync(join(folder, ".vscode", "extensions.json"), "utf8"))).toEqual({ recommendations: [`${publisher}.${name}`] });
      for (const args of [["check"], ["fmt", "--check"], ["stats", "episodes/welcome.pod"], ["compile", "episodes/welcome.pod"]]) {
        const result = podc(...args);
        expect(result.status, `${args.join(" ")}: ${result.stderr}`).toBe(0);
      }
      // A table read: the run, and the build step at its end (with ffmpeg), which reads podc's version.
      const run = podc("run", "--local", "episodes/welcome.pod");
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/internal/);
      const built = podc("build", "episodes/welcome.pod");
      expect(built.stderr).not.toMatch(/internal|package\.json/);
      const status = podc("status");
      expect(status.status, status.stderr).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  // Open VSX's own tool, as the docs say to publish with: it takes the .vsix as built, with nothing to warn about,
  // and uploads it (here to a registry on loopback standing in for open-vsx.org).
  it("is published by ovsx as it is packaged", { timeout: 300_000 }, async () => {
    const manifest = extensionManifest();
    const uploads: Buffer[] = [];
    const registry = createServer((request, response) => {
      const body: Buffer[] = [];
      request.on("data", (chunk: Buffer) => body.push(chunk));
      request.on("end", () => {
        if (request.method !== "POST" || !request.url?.startsWith("/api/-/publish?token=")) {
          response.writeHead(404).end();
          return;
        }
        uploads.push(Buffer.concat(body));
        response.writeHead(201, { "content-type": "application/json" });
        response.end(JSON.stringify({ namespace: manifest.publisher, name: manifest.name, version: manifest.version, targetPlatform: "universal" }));
      });
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = registry.address() as AddressInfo;
      const ovsx = join(EXTENSION, "node_modules", ".bin", "ovsx");
      const published = await run(ovsx, ["publish", vsixPath(), "--registryUrl", `http://127.0.0.1:${port}`, "--pat", "a-token"], EXTENSION);
      expect(published.code, published.output).toBe(0);
      expect(published.output).toContain(`Published ${manifest.publisher}.${manifest.name} v${manifest.version}`);
      expect(published.output).not.toMatch(/WARNING|warn|!!/i);
      expect(uploads).toEqual([readFileSync(vsixPath())]);
    } finally {
      registry.close();
    }
  });
});

/** Runs `command` without blocking this process (which serves the registry it talks to): its exit code and output. */
function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** The names of the files in a zip archive (a .vsix), read with the packager's own zip reader. */
function zipEntries(path: string): Promise<string[]> {
  const yauzl = createRequire(join(EXTENSION, "package.json"))("yauzl") as {
    open(
      path: string,
      options: object,
      callback: (error: Error | null, zip: { on: (event: string, listener: (x: { fileName: string }) => void) => void }) => void,
    ): void;
  };
  return new Promise((resolve, reject) => {
    yauzl.open(path, {}, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on("entry", (entry) => names.push(entry.fileName));
      zip.on("end", () => resolve(names));
      zip.on("error", reject as never);
    });
  });
}
