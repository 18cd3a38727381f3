import { closeSync, openSync } from "node:fs";
import { fsyncInTurn } from "./fsync-later.js";

/*
 * A rename is durable only once its folder is fsynced. Concurrent jobs rename files into the same
 * episode folder at about the same moment, and each used to fsync the folder on its own. Here the
 * requests for one folder share fsyncs: a request joins the next fsync not yet started; an fsync
 * already under way may have begun before the caller's rename, so it does not count for it. The
 * fsync runs off the main thread; opening and closing the folder do not (see fsync-later.ts).
 */

interface FolderQueue {
  /** The next fsync, not started yet: new requests join it. */
  queued?: Promise<void>;
  /** The fsync under way. */
  running?: Promise<void>;
}

const queues = new Map<string, FolderQueue>();

/** Resolves once `folder` has been fsynced after this call (best effort where folders cannot be opened); never rejects. */
export function syncFolderSoon(folder: string): Promise<void> {
  let queue = queues.get(folder);
  if (!queue) queues.set(folder, (queue = {}));
  if (queue.queued) return queue.queued;
  const q = queue;
  const start = async (): Promise<void> => {
    q.queued = undefined;
    const running = fsyncFolder(folder);
    q.running = running;
    await running;
    if (q.running === running) q.running = undefined;
    if (!q.queued && !q.running) queues.delete(folder);
  };
  q.queued = (q.running ?? Promise.resolve()).then(start);
  return q.queued;
}

async function fsyncFolder(folder: string): Promise<void> {
  let fd: number;
  try {
    fd = openSync(folder, "r");
  } catch {
    // Some platforms cannot open a folder; the files' own fsyncs still hold.
    return;
  }
  try {
    await fsyncInTurn(fd);
  } catch {
    // Nor fsync one.
  } finally {
    closeSync(fd);
  }
}
