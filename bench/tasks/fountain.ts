// The same dialogue read by podc and by the Fountain parsers writers already use: fountain-js (its parse(), which
// also renders HTML) and afterwriting's line-by-line parser (aw-parser, which only makes tokens).

import { readFileSync } from "node:fs";
import { parser as afterwriting } from "aw-parser";
import { Fountain } from "fountain-js";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/defaults.js";
import { defineTasks, interleaved } from "../lib/task.js";

const config = defaultConfig();
// afterwriting's defaults for a printed screenplay: everything printed, nothing merged.
const AFTERWRITING = {
  print_headers: true,
  print_actions: true,
  print_dialogues: true,
  print_notes: false,
  print_sections: false,
  print_synopsis: false,
  each_scene_on_new_page: false,
  double_space_between_scenes: false,
  use_dual_dialogue: true,
  merge_multiple_empty_lines: true,
};

defineTasks({
  peers({ path, runs }: { path: string; runs: number }) {
    const text = readFileSync(path, "utf8");
    const fountain = new Fountain();
    const podc = () => analyze(text, { file: path, config, plan: false });
    const errors = podc().diagnostics.filter((d) => d.severity === "error").length;
    const times = interleaved(runs, 2, {
      podc,
      fountainJs: () => fountain.parse(text),
      afterwriting: () => afterwriting.parse(text, AFTERWRITING),
    });
    return { bytes: Buffer.byteLength(text), errors, ...times };
  },
});
