// Every row of `npm run bench`, in the order they run. A new row is a module in this folder exporting a Row
// (bench/lib/row.ts), with in-process measurements, when it needs any, in bench/tasks/; add it here.

import type { Row } from "../lib/row.js";
import { alignment } from "./alignment.js";
import { build } from "./build.js";
import { coldStart } from "./cold-start.js";
import { fountainPeers } from "./fountain-peers.js";
import { linearity } from "./linearity.js";
import { lsp } from "./lsp.js";
import { memory } from "./memory.js";
import { requests } from "./requests.js";
import { runner } from "./runner.js";
import { stateStore } from "./state-store.js";
import { throughput } from "./throughput.js";

export const ROWS: Row[] = [coldStart, throughput, memory, linearity, requests, lsp, fountainPeers, stateStore, runner, build, alignment];
