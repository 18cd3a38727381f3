// The VS Code side of podc is a launcher and the commands a language-server protocol cannot carry: colouring comes
// from the TextMate grammar this extension bundles, and everything else (diagnostics, completion, hover, outline,
// references, hints, quick fixes, formatting…) from the podc language server, bundled beside this file and started
// with VS Code's own Node. No language knowledge lives here, so the editor can never disagree with `podc check`.
//
// Workspace trust: colouring, snippets and the podc.json schema work everywhere; the language server (which reads
// the workspace's podc.json and scripts) starts only in a trusted folder, and the command it runs can be chosen only
// in the user's settings (`podc.path` has machine scope), never by a folder's own .vscode/settings.json.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { execFile } = require("node:child_process");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");
const { tableReadFolders } = require("./table-read-folder.js");

const TABLE_READ = "podc.tableRead";
/** The server's request for a part's lines in the document as it is now (src/lsp/code-lens.ts). */
const TABLE_READ_REQUEST = "podc/tableRead";

/** @type {LanguageClient | undefined} */
let client;

/** The bundled podc (the language server and the command line): the podc package's launcher, in dist/podc/. */
function bundledPodc(context) {
  return context.asAbsolutePath(path.join("dist", "podc", "bin", "podc.cjs"));
}

/** How to start the server: the user's `podc.path` command, else the bundled podc with VS Code's Node. */
function serverOptions(context) {
  const configured = vscode.workspace.getConfiguration("podc").get("path");
  if (typeof configured === "string" && configured.trim() !== "") {
    // No `transport` here: the arguments are passed exactly as written, `--stdio` included.
    return { command: configured.trim(), args: ["lsp", "--stdio"], options: { shell: process.platform === "win32" } };
  }
  return { module: bundledPodc(context), args: ["lsp"], transport: TransportKind.stdio };
}

/** The oldest Node podc runs on (its package.json's engines); VS Code 1.101 is the first to ship one as new. */
const NODE_NEEDED = [20, 19];

async function startClient(context) {
  const [major, minor] = process.versions.node.split(".").map(Number);
  const configured = vscode.workspace.getConfiguration("podc").get("path");
  if ((major < NODE_NEEDED[0] || (major === NODE_NEEDED[0] && minor < NODE_NEEDED[1])) && !configured) {
    void vscode.window.showErrorMessage(
      `Pod scripts: podc needs Node ${NODE_NEEDED.join(".")} or later, and this VS Code runs Node ${process.versions.node}: update VS Code, or set "podc.path" to a podc installed with a newer Node.`,
    );
    return;
  }
  client = new LanguageClient("podc", "podc language server", serverOptions(context), {
    documentSelector: [
      { scheme: "file", language: "podscript" },
      { scheme: "untitled", language: "podscript" },
      // Fountain screenplays are checked too (podc reads them by Fountain's rules), whichever extension colours them.
      { scheme: "file", pattern: "**/*.fountain" },
    ],
    // The server offers table-read lenses only to a client that runs the command itself.
    initializationOptions: { clientCommands: [TABLE_READ] },
  });
  try {
    await client.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(`Pod scripts: the podc language server did not start (${reason}). Check the "podc.path" setting.`);
  }
}

/**
 * Runs the local emulator on one part of a script (the arguments come from the server's lens) and plays what it made:
 * the episode podc builds at the end of the run (with ffmpeg), else the part's first audio file. The part is written
 * with its document's extension, so that a Fountain scene is read by Fountain's rules.
 */
async function tableRead(context, folders, clicked) {
  if (!clicked || typeof clicked.uri !== "string") return;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(clicked.uri));
  // The lens's lines are those of the version it was shown at: the server says where the part is now.
  const args = client?.isRunning() ? await client.sendRequest(TABLE_READ_REQUEST, clicked).catch(() => null) : null;
  if (!args || !args.lines || args.version !== document.version) {
    void vscode.window.showErrorMessage(`Table read of the ${clicked.part}: the script has changed and no longer has it here; try again.`);
    return;
  }
  const lines = ({ start, end }) => document.getText(new vscode.Range(start, 0, end, document.lineAt(Math.min(end, document.lineCount - 1)).text.length));
  // The part's sound cues are left out (blank lines): their files are named from the script's folder, not the read's.
  const cues = new Set(args.soundLines ?? []);
  const part = lines(args.lines)
    .split(/\r\n|\r|\n/)
    .map((line, i) => (cues.has(args.lines.start + i) ? "" : line))
    .join("\n");
  const text = (args.titlePage ? lines(args.titlePage) + "\n\n" : "") + part + "\n";
  const dir = folders.start();
  try {
    await readAndPlay(context, args, text, dir);
  } finally {
    folders.finish(dir);
  }
}

async function readAndPlay(context, args, text, dir) {
  const script = path.join(dir, /\.fountain$/i.test(args.uri) ? "table-read.fountain" : "table-read.pod");
  fs.writeFileSync(script, text);
  // The project's podc.json gives the part its cast and voices, as it does the whole script.
  if (typeof args.config === "string" && fs.existsSync(args.config)) fs.copyFileSync(args.config, path.join(dir, "podc.json"));
  const out = path.join(dir, "out");
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Table read of the ${args.part}…`, cancellable: false },
    () => podc(context, ["run", "--local", "--out", out, script], dir),
  );
  const made = listAudio(out);
  // The episode is named after the script (a screenplay's keeps its .fountain: table-read.fountain.mp3).
  const episode = made.filter((file) => /^table-read(\.fountain)?\.mp3$/.test(path.basename(file)));
  const audio = episode.length > 0 ? episode : made;
  if (audio.length === 0 || result.code !== 0) {
    const reason = result.stderr.trim().split("\n").slice(-3).join(" ") || "no audio was made";
    void vscode.window.showErrorMessage(`Table read of the ${args.part} failed: ${reason}`);
    if (audio.length === 0) return;
  }
  await vscode.commands.executeCommand("vscode.open", vscode.Uri.file(audio[0]));
  if (audio.length > 1) {
    const choice = await vscode.window.showInformationMessage(
      `The ${args.part} made ${audio.length} audio files (no episode: is ffmpeg installed?).`,
      "Show all",
    );
    if (choice === "Show all") await vscode.commands.executeCommand("revealFileInOS", vscode.Uri.file(audio[0]));
  }
}

/** Runs the bundled podc command line with VS Code's Node; resolves to its exit code and error output. */
function podc(context, args, cwd) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bundledPodc(context), ...args],
      { cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: "1", NO_COLOR: "1" }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stderr: String(stderr) || String(error?.message ?? "") }),
    );
  });
}

function listAudio(dir) {
  if (!fs.existsSync(dir)) return [];
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(wav|mp3|flac)$/i.test(entry.name)) found.push(path.join(entry.parentPath ?? entry.path, entry.name));
  }
  return found.sort();
}

/** The podc/stats request of the server (src/lsp/stats.ts): podc stats' figures of one document. */
const STATS_REQUEST = "podc/stats";
/** Silent reading speed for the status bar's reading time: a common estimate for adults reading prose. */
const READING_WPM = 200;

/** "3:05" for 185 000 ms. */
function clock(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Whether the editor shows a document the server reads: a .pod script or a Fountain screenplay. */
function isScript(document) {
  return document !== undefined && (document.languageId === "podscript" || /\.fountain$/i.test(document.uri.path));
}

/**
 * The writer's figures of the script in the active editor, asked of the server whenever it changes: the Characters
 * view (each speaker's voice, lines, words and spoken time, as podc stats counts them) and the status bar (spoken and
 * reading time, words).
 */
function writerViews(context) {
  const changed = new vscode.EventEmitter();
  /** @type {any} */
  let stats = null;
  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 50);
  status.name = "Pod script length";
  status.command = "podc.characters.focus";
  const provider = {
    onDidChangeTreeData: changed.event,
    getTreeItem: (item) => item,
    getChildren: () => {
      if (!stats) return [];
      return stats.speakers.map((s) => {
        const item = new vscode.TreeItem(s.speaker);
        item.description = `${s.voice} · ${s.turns} line${s.turns === 1 ? "" : "s"} · ${s.words} words · ${clock(s.durationMs)}`;
        item.tooltip = `${s.speaker} speaks with the voice ${s.voice}: ${s.turns} lines, ${s.words} words, about ${clock(s.durationMs)} spoken (${Math.round(s.timeShare * 100)}% of the episode)`;
        item.iconPath = new vscode.ThemeIcon("person");
        return item;
      });
    },
  };
  let timer;
  const refresh = async () => {
    const editor = vscode.window.activeTextEditor;
    const document = editor?.document;
    void vscode.commands.executeCommand("setContext", "podc.scriptOpen", isScript(document));
    if (!isScript(document) || !client || !client.isRunning()) {
      stats = null;
      status.hide();
    } else {
      stats = await client.sendRequest(STATS_REQUEST, { textDocument: { uri: document.uri.toString() } }).catch(() => null);
      if (stats) {
        const words = stats.totals.words;
        status.text = `$(mic) ≈ ${clock(stats.totals.durationMs)} spoken · ${words.toLocaleString()} words · ${Math.max(1, Math.round(words / READING_WPM))} min to read`;
        status.tooltip = `Spoken at ${stats.wordsPerMinute} words a minute (podc.json's speech.wordsPerMinute); read at about ${READING_WPM}`;
        status.show();
      } else status.hide();
    }
    changed.fire(undefined);
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), 300);
  };
  context.subscriptions.push(
    vscode.window.registerTreeDataProvider("podc.characters", provider),
    status,
    vscode.window.onDidChangeActiveTextEditor(soon),
    vscode.workspace.onDidChangeTextDocument((event) => event.document === vscode.window.activeTextEditor?.document && soon()),
    vscode.commands.registerCommand("podc.refreshCharacters", refresh),
    { dispose: () => clearTimeout(timer) },
  );
  return soon;
}

/**
 * The episode's preview page (index.html, which podc build writes beside the episode) in a panel beside the script:
 * the most recently built of out/<episode>/ and out/local/<episode>/ under the workspace. Its audio and links are
 * given the webview's addresses, and its content policy lets it play them.
 */
async function showPreview() {
  const document = vscode.window.activeTextEditor?.document;
  if (!isScript(document)) return;
  const stem = path.basename(document.uri.fsPath).replace(/\.pod$/i, "");
  const found = await vscode.workspace.findFiles(`**/out/{,local/}${stem}/index.html`, "**/node_modules/**", 10);
  const page = found.map((uri) => ({ uri, at: fs.statSync(uri.fsPath).mtimeMs })).sort((a, b) => b.at - a.at)[0]?.uri;
  if (!page) {
    void vscode.window.showInformationMessage(`No preview page of ${stem} yet: podc run (or podc build) writes it, and a table read does too.`);
    return;
  }
  const folder = vscode.Uri.file(path.dirname(page.fsPath));
  const panel = vscode.window.createWebviewPanel("podc.preview", `Preview: ${stem}`, vscode.ViewColumn.Beside, {
    enableScripts: true,
    localResourceRoots: [folder],
  });
  const html = fs.readFileSync(page.fsPath, "utf8");
  panel.webview.html = html
    .replace(/media-src [^;"]*/, `media-src ${panel.webview.cspSource}`)
    .replace(/(src|href)="(?![a-z]+:|#)([^"]+)"/gi, (_, attribute, file) => `${attribute}="${panel.webview.asWebviewUri(vscode.Uri.joinPath(folder, file))}"`);
}

/** The podc/show request of the server (src/lsp/show.ts): podc show's lines and fates of one document. */
const SHOW_REQUEST = "podc/show";
/** The scheme of the read-only documents "Show the script as performed" opens: the script's URI is the query. */
const SHOW_SCHEME = "podc-show";

/**
 * The script in the active editor as podc show prints it (each line's number, its fate, the line), in a read-only
 * document beside it, asked of the server again each time it is opened.
 */
function showPerformed(context) {
  const provider = {
    async provideTextDocumentContent(uri) {
      const shown = client?.isRunning() ? await client.sendRequest(SHOW_REQUEST, { textDocument: { uri: uri.query } }).catch(() => null) : null;
      if (!shown) return "The podc language server has not read this script (is the workspace trusted?).\n";
      const width = Math.min(36, Math.max(0, ...shown.lines.map((l) => l.label.length)));
      const gutter = String(shown.lines.length).length;
      return shown.lines.map((l) => `${String(l.line).padStart(gutter)}  ${l.label.padEnd(width)}  ${l.text}`.trimEnd()).join("\n") + "\n";
    },
  };
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SHOW_SCHEME, provider),
    vscode.commands.registerCommand("podc.showPerformed", async () => {
      const document = vscode.window.activeTextEditor?.document;
      if (!isScript(document)) return;
      const name = path.basename(document.uri.path);
      const uri = vscode.Uri.from({ scheme: SHOW_SCHEME, path: `/${name} (as performed)`, query: document.uri.toString() });
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { viewColumn: vscode.ViewColumn.Beside, preview: true });
    }),
  );
}

/** Registers the commands, and starts the language server once the workspace is trusted. */
async function activate(context) {
  const folders = tableReadFolders(path.join((context.storageUri ?? context.globalStorageUri).fsPath, "table-read"));
  context.subscriptions.push(
    folders,
    vscode.commands.registerCommand("podc.restartServer", async () => {
      if (!vscode.workspace.isTrusted) {
        void vscode.window.showWarningMessage("Pod scripts: the language server runs only in a trusted workspace.");
        return;
      }
      if (client) await client.stop().catch(() => undefined);
      await startClient(context);
    }),
    vscode.commands.registerCommand(TABLE_READ, (args) => tableRead(context, folders, args)),
    vscode.commands.registerCommand("podc.showPreview", showPreview),
    { dispose: () => client?.stop() },
  );
  showPerformed(context);
  const refreshViews = writerViews(context);
  const start = () => startClient(context).then(refreshViews);
  if (vscode.workspace.isTrusted) await start();
  else context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(start));
}

/** Stops the language server (shutdown, then exit) when VS Code unloads the extension. */
function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
