import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import type { SoundFileFact, SoundFileLookup } from "../check/context.js";
import { repositoryRoot } from "../config/find.js";
import { sniffAudioType } from "../files/audio-type.js";

// The sound files a script's cues name, as `podc check`, `podc run` (before it sends) and the editor see them. Kept
// cheap, since the editor asks on every edit: a stat and the first bytes, never ffprobe. A file that passes may still
// fail to decode; the build says so then (ffprobe measures every sound file before the mix), and nothing paid is lost:
// the audio stays, and the build runs again once the file is mended.

/** The largest sound file a cue may name. A cue plays a sound: a file larger is a slip (a film, a session's recording). */
const SOUND_FILE_CAP_BYTES = 256 * 1024 * 1024;

/** Enough of a file to tell its audio format by (files/audio-type.ts). */
const HEAD_BYTES = 16;

/**
 * The lookup of sound files for a script in `scriptDir`: a file must be inside the project (the folder of the podc.json
 * governing the script, else of its git repository, else the script's own folder), even through a symbolic link.
 */
export function soundFileLookup(scriptDir: string): SoundFileLookup {
  const root = repositoryRoot(scriptDir, scriptDir);
  return (written) => soundFileFact(root, resolve(scriptDir, written));
}

/** The lookup for a script at `file`, or undefined without a path on disk (an editor's unsaved document): no folder. */
export function soundFilesOf(file: string): SoundFileLookup | undefined {
  return isAbsolute(file) ? soundFileLookup(dirname(file)) : undefined;
}

function soundFileFact(root: string, path: string): SoundFileFact {
  if (outside(root, path)) return { kind: "outside" };
  let size: number;
  try {
    const info = statSync(path);
    if (info.isDirectory()) return { kind: "unreadable", reason: "it is a folder" };
    size = info.size;
    if (outside(realpathSync(root), realpathSync(path))) return { kind: "outside" };
  } catch (error) {
    return failed(error);
  }
  if (size > SOUND_FILE_CAP_BYTES) return { kind: "tooLarge", bytes: size, cap: SOUND_FILE_CAP_BYTES };
  const head = Buffer.alloc(HEAD_BYTES);
  try {
    const fd = openSync(path, "r");
    try {
      readSync(fd, head, 0, HEAD_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return failed(error);
  }
  return sniffAudioType(head) === undefined ? { kind: "notAudio" } : { kind: "audio" };
}

function outside(root: string, path: string): boolean {
  const inRoot = relative(root, path);
  return inRoot.startsWith("..") || isAbsolute(inRoot);
}

function failed(error: unknown): SoundFileFact {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
  return { kind: "unreadable", reason: code === "EACCES" || code === "EPERM" ? "permission denied" : (code ?? "unreadable") };
}
