// The crash-safe writes moved to files/durable.ts, below every user of them; the runner's modules still import them
// from here until they are pointed there directly.
export { copyFileDurably, renameDurably, syncFolder, tempBeside, writeFileDurably } from "../files/durable.js";
