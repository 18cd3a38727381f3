/*
 * File-system errors in words a writer understands. Node reports `EACCES: permission denied, open '…'`;
 * a person needs to know what is wrong with which path and what to do about it.
 */

const REASONS: Record<string, string> = {
  EACCES: "permission denied: podc may not write there",
  EPERM: "the operation is not permitted there",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  ENOTDIR: "a file stands where a folder is needed",
  EISDIR: "a folder stands where a file is needed",
  EEXIST: "something already exists there",
  ENOENT: "a folder on the way does not exist",
  EIO: "the disk reported an input/output error",
  EMFILE: "too many files are open",
  ENAMETOOLONG: "the path is too long",
  ELOOP: "the path has a loop of symbolic links",
};

/** A file-system error as words: the reason, without Node's code-and-syscall prefix. */
export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string" && REASONS[code]) return `${REASONS[code]} (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === "string" ? `${message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "")} (${code})` : message;
}

/** True for an error raised by the file system (it has an errno code such as ENOSPC). */
export function isFileError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" && /^E[A-Z]+$/.test(code);
}
