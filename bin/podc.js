#!/usr/bin/env node
// The podc command: a thin launcher for the bundled command line in dist/ (shipped in the package, built by
// `npm run build` in a clone).
import { mainProcess } from "../dist/main.js";

mainProcess();
