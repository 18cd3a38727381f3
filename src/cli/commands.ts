import type { Command } from "./command.js";

/** A command as the dispatcher knows it before loading it: its one-line summary and how to load it. */
export interface CommandEntry {
  summary: string;
  load: () => Promise<{ command: Command }>;
}

/*
 * Every command of podc: adding one is one entry here and one file exporting `command = defineCommand(…)`.
 * Each is loaded only when called, so `podc check` never pays for the HTTP client or the language server.
 * The order is the order of `podc help`: the writer's daily commands first.
 */
export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  init: { summary: "set an episode repository up: podc.json, .gitignore, an example, editor and CI", load: () => import("./init.js") },
  check: { summary: "parse and check scripts", load: () => import("./check.js") },
  fmt: { summary: "rewrite scripts in the canonical layout", load: () => import("./fmt.js") },
  stats: { summary: "count words, turns and spoken time per speaker and section, and what a run bills", load: () => import("./stats.js") },
  show: { summary: "show a script as it will be performed: each line beside who speaks it, sung, or not sent and why", load: () => import("./show.js") },
  compile: { summary: "print a script's request plan as JSON", load: () => import("./compile.js") },
  plan: { summary: "say what the next run will send: new, changed and reused requests, billed units, cost", load: () => import("./plan.js") },
  run: { summary: "submit scripts and bring back their audio", load: () => import("./run.js") },
  build: { summary: "assemble the finished episode: mp3 with chapters, transcripts, a preview page", load: () => import("./build.js") },
  publish: { summary: "write the podcast's feed and site from the built episodes", load: () => import("./publish.js") },
  status: { summary: "show what the state store knows of every job", load: () => import("./status.js") },
  state: { summary: "push the journal and audio into the shared store, or pull them out", load: () => import("./state.js") },
  import: { summary: "convert Fountain and Final Draft screenplays to .pod scripts", load: () => import("./import.js") },
  serve: { summary: "start the local emulator of the Audio Generation Service", load: () => import("./serve.js") },
  lsp: { summary: "start the language server for editors (--stdio)", load: () => import("./lsp.js") },
};
