import { setFlagsFromString } from "node:v8";

/*
 * undici parses HTTP with llhttp, compiled to WebAssembly at a client's first connection. V8 compiles it with its
 * baseline compiler, then, within the first fifty or so responses, compiles the parser's main function again with its
 * optimizing compiler on a background thread. podc reads two small responses per job, and the optimized parser never
 * wins back what that compile costs: a plain undici loop of 200 podcasts spends over a millisecond of CPU per job more
 * left to V8's defaults than kept at the baseline tier (`npm run bench`, the runner row's `runner.cpu.tier-up`). So
 * while a service client is open, WebAssembly stays at the baseline tier.
 *
 * V8's settings are the process's, and V8 refuses a code cache made under other settings than its own: the launcher
 * saves its caches as the process exits, so the setting is put back when the last client closes, and a later start
 * still accepts what this one saved.
 */

let holders = 0;

/** Keeps WebAssembly compiled from now on at V8's baseline tier until every holder has released; returns the release. */
export function holdBaselineWasm(): () => void {
  if (holders++ === 0) setTiering(false);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) setTiering(true);
  };
}

function setTiering(on: boolean): void {
  // Both: without dynamic tiering, V8 would otherwise optimize every function at once, in the background.
  const prefix = on ? "--" : "--no-";
  setFlagsFromString(`${prefix}wasm-dynamic-tiering`);
  setFlagsFromString(`${prefix}wasm-tier-up`);
}
