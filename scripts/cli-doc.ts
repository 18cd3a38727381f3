// Writes the command sections of docs/cli.md from podc's own help, so that the page shows every command and option
// exactly as `podc help COMMAND` prints them. A test checks that the page is current (npx tsx scripts/cli-doc.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { helpText } from "../src/cli/command.js";
import { COMMANDS } from "../src/cli/commands.js";

export const CLI_DOC_PATH = fileURLToPath(new URL("../docs/cli.md", import.meta.url));

const BEGIN = "<!-- The command sections below are written by scripts/cli-doc.ts from podc's help: edit the commands, not them. -->";
const END = "<!-- End of the generated command sections. -->";

/** docs/cli.md as it should be: the page as written, with its command sections regenerated. */
export async function cliDoc(page = readFileSync(CLI_DOC_PATH, "utf8")): Promise<string> {
  const start = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/cli.md must contain the markers:\n${BEGIN}\n${END}`);
  const sections: string[] = [];
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const { command } = await entry.load();
    const link = command.spec.docs === "docs/cli.md" ? "this page" : `[${command.spec.docs}](${command.spec.docs.replace(/^docs\//, "")})`;
    sections.push(`## \`podc ${name}\` — ${entry.summary}\n\n\`\`\`\n${helpText(command.spec, command.spec.docs).trimEnd()}\n\`\`\`\n\nMore: ${link}.\n`);
  }
  return `${page.slice(0, start + BEGIN.length)}\n\n${sections.join("\n")}\n${page.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(CLI_DOC_PATH, await cliDoc());
