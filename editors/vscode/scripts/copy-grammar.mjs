// Copies the editor grammar and language configuration from the repository's grammar/ folder into the extension,
// where package.json points. They are kept in one place (grammar/, tested by test/grammar/) and copied, never
// edited here. Runs before `vsce package` (the vscode:prepublish script); run it by hand to try the extension
// from source (F5 in VS Code with this folder open).
import { copyFileSync, mkdirSync } from "node:fs";

const from = new URL("../../../grammar/", import.meta.url);
const to = new URL("../", import.meta.url);
mkdirSync(new URL("syntaxes/", to), { recursive: true });
copyFileSync(new URL("pod.tmLanguage.json", from), new URL("syntaxes/pod.tmLanguage.json", to));
copyFileSync(new URL("language-configuration.json", from), new URL("language-configuration.json", to));
console.log("copied grammar/pod.tmLanguage.json and grammar/language-configuration.json into the extension");
