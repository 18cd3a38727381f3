// `podc` run from the sources as a child process, through the same entry as the installed command (its signals and
// streams), so tests can kill or signal it; no bundle needed.
import { mainProcess } from "../../src/cli/command.js";

mainProcess();
