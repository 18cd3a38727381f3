// The VS Code side of podc is only a launcher: colouring comes from the TextMate grammar this extension bundles,
// and everything else (diagnostics, completion, hover, outline, folding, go to definition, rename, quick fixes,
// formatting) from the language server, `podc lsp --stdio`, through vscode-languageclient. No language knowledge
// lives here, so the editor can never disagree with `podc check`.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { window, workspace } = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

/** @type {LanguageClient | undefined} */
let client;

/** The podc command: the setting, else the workspace's own podc (so each project uses its version), else the PATH's. */
function podcCommand() {
  const configured = workspace.getConfiguration("podc").get("path");
  if (typeof configured === "string" && configured.trim() !== "") return configured.trim();
  const bin = process.platform === "win32" ? "podc.cmd" : "podc";
  for (const folder of workspace.workspaceFolders ?? []) {
    const local = path.join(folder.uri.fsPath, "node_modules", ".bin", bin);
    if (fs.existsSync(local)) return local;
  }
  return "podc";
}

/** Starts the language server for .pod documents. */
async function activate(context) {
  const command = podcCommand();
  client = new LanguageClient(
    "podc",
    "podc language server",
    // No `transport` here: the arguments are passed exactly as written, `--stdio` included.
    { command, args: ["lsp", "--stdio"], options: { shell: process.platform === "win32" } },
    // Fountain screenplays are checked too (podc reads them by Fountain's rules), whichever extension colours them.
    { documentSelector: [{ scheme: "file", language: "pod" }, { scheme: "untitled", language: "pod" }, { scheme: "file", pattern: "**/*.fountain" }] },
  );
  context.subscriptions.push(client);
  try {
    await client.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void window.showErrorMessage(
      `Pod scripts: could not start "${command} lsp --stdio" (${reason}). Install podc in the project or on the PATH, or set "podc.path".`,
    );
  }
}

/** Stops the language server (shutdown, then exit) when VS Code unloads the extension. */
function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
