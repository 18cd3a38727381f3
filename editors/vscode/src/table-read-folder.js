// Where table reads write their part and its audio: one folder per workspace (the extension's storage for it), not a
// new folder in the system's temporary folder each time. Each read gets its own folder inside, kept while its audio
// may still be playing and removed when the next read starts or the extension stops.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

/**
 * The table reads of one workspace under `root`: `start()` removes the folders of earlier reads that have finished
 * and makes the new read's folder; `finish(dir)` marks it finished; `dispose()` removes them all.
 */
function tableReadFolders(root) {
  const running = new Set();
  return {
    start() {
      fs.mkdirSync(root, { recursive: true });
      for (const entry of fs.readdirSync(root)) {
        const dir = path.join(root, entry);
        if (!running.has(dir)) fs.rmSync(dir, { recursive: true, force: true });
      }
      const dir = fs.mkdtempSync(path.join(root, "read-"));
      running.add(dir);
      return dir;
    },
    finish(dir) {
      running.delete(dir);
    },
    dispose() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

module.exports = { tableReadFolders };
