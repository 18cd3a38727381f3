/**
 * The signals that ask podc to stop: Ctrl-C (SIGINT), and SIGTERM and SIGHUP, which `docker stop`, `timeout`, a CI
 * runner's cancel and a closed terminal send. Each is a request to stop cleanly, so a run records what is on its way
 * instead of leaving outcomes unknown.
 */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Aborts the returned signal (its reason the signal's name) on the first stop signal, then lets go of all of them,
 * so that a second one of any kind ends the process at once, as the system does by default.
 */
export function abortOnStopSignals(): AbortSignal {
  const controller = new AbortController();
  const stop = (name: NodeJS.Signals): void => {
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
    controller.abort(name);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  return controller.signal;
}
