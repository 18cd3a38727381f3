// Every row of `npm run bench`, in the order they run. A new row is a module in this folder exporting a Row
// (bench/lib/row.ts), with in-process measurements, when it needs any, in bench/tasks/; add it here.

import type { Row } from "../lib/row.js";
import { alignment } from "./alignment.js";
import { build } from "./build.js";
import { coldStart } from "./cold-start.js";
import { fountainPeers } from "./fountain-peers.js";
import { lsp } from "./lsp.js";
import { rebuild } from "./rebuild.js";
import { requests } from "./requests.js";
import { stateStore } from "./state-store.js";

export const ROWS: Row[] = [coldStart, requests, lsp, fountainPeers, stateStore, build, rebuild, alignment];
