import { isAbsolute, relative, sep } from "node:path";

/** A path as the user should see it: relative to the working directory when inside it, with forward slashes. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  const shown = rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel;
  return shown.split(sep).join("/");
}
