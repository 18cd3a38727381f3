/*
 * zod compiles a checking function (`new Function`) for each object shape the first time it checks one, so that later
 * checks run faster. A podc command is a short process that checks a handful of shapes (podc.json, the journal's
 * entries, the service's answers) a few hundred times: compiling them cost more than it ever saved, about ten
 * milliseconds of a one-podcast `podc run`, and checks interpreted are no slower at that count. So the command line
 * turns zod's `jitless` setting on before any command runs.
 */

/**
 * Sets zod's `jitless` for this process without loading zod. It holds for the shapes built after it: zod reads the
 * setting as it builds a shape, when the shape's module loads, so call it before any command's modules load.
 */
export function interpretShapes(): void {
  // z.config() keeps zod's settings on this global, which zod creates only when it is absent: setting it here holds
  // whichever loads first. A test checks that z.config() sees it, so a zod that moves its settings fails it.
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
