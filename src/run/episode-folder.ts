import { createHash } from "node:crypto";
import { basename, join } from "node:path";

/*
 * Where an episode's audio goes: `<out>/<episode>/` for the service, `<out>/local/<episode>/` for the built-in
 * emulator, so that a table read never mixes with paid audio. The episode's name comes from its script's file
 * name, made safe as a folder name on every system: it can never be `.`, `..` or empty, never hold a separator or
 * a control character, never be a name Windows reserves, and never be too long for a file system — so a folder
 * can never lead outside `<out>`.
 */

/** The sub-folder of `<out>` that holds the audio of local (emulator) runs. */
const LOCAL_OUT_DIR = "local";

/** Longest episode name, in UTF-8 bytes: room for `<episode>.chapters.json` within the common 255-byte limit. */
const MAX_NAME_BYTES = 120;

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** The folder of the episode of `scriptPath` under `outBase`, local runs apart. */
export function episodeFolder(outBase: string, scriptPath: string, local: boolean): { name: string; dir: string } {
  const name = episodeName(scriptPath);
  return { name, dir: local ? join(outBase, LOCAL_OUT_DIR, name) : join(outBase, name) };
}

/** The episode's name: its script's file name without `.pod`, made safe as a folder name (see above). */
export function episodeName(scriptPath: string): string {
  const raw = basename(scriptPath)
    .replace(/\.pod$/i, "")
    .normalize("NFC");
  let name = raw
    // Separators, characters Windows forbids in names, and control characters (C0, DEL, C1).
    .replace(/[/\\<>:"|?*\u0000-\u001f\u007f-\u009f]/g, "_")
    // Windows drops trailing dots and spaces, which would make two names one.
    .replace(/[. ]+$/, (tail) => "_".repeat(tail.length))
    // A leading dot would hide the folder (and `.`, `..` are not names at all).
    .replace(/^\.+/, (head) => "_".repeat(head.length));
  if (name === "") name = "episode";
  if (WINDOWS_RESERVED.test(name)) name = `${name}_`;
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) name = shorten(name, raw);
  return name;
}

/** A name cut to fit, ending in a hash of the whole so that two long names sharing a beginning stay apart. */
function shorten(name: string, whole: string): string {
  const suffix = `-${createHash("sha256").update(whole).digest("hex").slice(0, 8)}`;
  let cut = "";
  for (const char of name) {
    if (Buffer.byteLength(cut + char) + suffix.length > MAX_NAME_BYTES) break;
    cut += char;
  }
  return `${cut.replace(/[. ]+$/, "")}${suffix}`;
}
