/*
 * Makes docs/images/podc-show.png: `podc show examples/night-shift.pod` as a colour terminal shows it. The command runs
 * with FORCE_COLOR=1, its colour sequences become styled text on a dark terminal-like page, and headless chromium
 * screenshots the page.
 *
 *   npx tsx scripts/show-screenshot.ts          (needs chromium; PODC_CHROMIUM names another browser)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { chromium } from "playwright-core";
import { main } from "../src/cli/command.js";
import { escapeHtml } from "../src/episode/preview-page/html.js";

const ROOT = join(import.meta.dirname, "..");
const OUTPUT = join(ROOT, "docs", "images", "podc-show.png");
const CHROMIUM = process.env.PODC_CHROMIUM ?? "/usr/bin/chromium";

/** A common dark terminal palette (xterm's, softened), for the SGR colours podc show uses. */
const PALETTE: Record<number, string> = {
  31: "#e06c75",
  32: "#98c379",
  33: "#e5c07b",
  34: "#61afef",
  35: "#c678dd",
  36: "#56b6c2",
  91: "#ff7b86",
  92: "#b5e890",
  96: "#7fd7e2",
};

/** What `podc show` prints for the example, coloured as on a terminal. */
async function coloured(): Promise<string> {
  const stdout = new PassThrough();
  let text = "";
  stdout.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const stderr = new PassThrough();
  const code = await main(["show", "examples/night-shift.pod"], { stdout, stderr, env: { FORCE_COLOR: "1" }, cwd: ROOT });
  if (code !== 0) throw new Error(`podc show exited ${code}`);
  return text;
}

/** Terminal text with SGR sequences as HTML spans (bold, dim, foreground colours: what podc show prints). */
function toHtml(ansi: string): string {
  const state = { bold: false, dim: false, color: undefined as string | undefined };
  let html = "";
  for (const [i, part] of ansi.split(/\u001b\[([\d;]*)m/).entries()) {
    if (i % 2 === 1) {
      for (const code of part.split(";").map(Number)) {
        if (code === 0) Object.assign(state, { bold: false, dim: false, color: undefined });
        else if (code === 1) state.bold = true;
        else if (code === 2) state.dim = true;
        else if (code === 22) Object.assign(state, { bold: false, dim: false });
        else if (code === 39) state.color = undefined;
        else if (PALETTE[code]) state.color = PALETTE[code];
      }
      continue;
    }
    if (part === "") continue;
    const style = [state.bold && "font-weight:bold", state.dim && "opacity:0.55", state.color && `color:${state.color}`].filter(Boolean).join(";");
    html += style ? `<span style="${style}">${escapeHtml(part)}</span>` : escapeHtml(part);
  }
  return html;
}

const page = `<!doctype html><meta charset="utf-8"><style>
body { margin: 0; background: #1e2127; }
pre { margin: 0; padding: 16px 20px; color: #d7dae0; font: 14px/1.45 "DejaVu Sans Mono", monospace; display: inline-block; }
</style><pre>$ podc show examples/night-shift.pod\n${toHtml(await coloured())}</pre>`;

const dir = mkdtempSync(join(tmpdir(), "podc-show-shot-"));
const browser = await chromium.launchPersistentContext(join(dir, "profile"), {
  executablePath: CHROMIUM,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 900, height: 400 },
});
try {
  const tab = browser.pages()[0] ?? (await browser.newPage());
  await tab.setContent(page);
  await tab.locator("pre").screenshot({ path: OUTPUT });
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
