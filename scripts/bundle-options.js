// How podc is bundled, shared by the build (scripts/build.js), the editor extension and the benchmark, so all of them
// run the same code.
export const BUNDLE_OPTIONS = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  legalComments: "none",
  // Prefer ES module builds: jsonc-parser's UMD "main" require()s its own files at run time, which a bundle lacks.
  mainFields: ["module", "main"],
  // Some dependencies are CommonJS and call require(); give the ES module bundle one.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
};

/*
 * The command line's bundles are CommonJS scripts, not ES modules: bin/podc.cjs compiles them with node:vm, which
 * accepts V8's code cache (ES modules cannot use one on Node 20). A script has no import.meta; the one use of its url
 * (finding podc's own package.json) reads the bundle's file name, which the launcher passes in as __filename, when it
 * is first asked for: most runs never need it.
 */
export const COMMAND_LINE_OPTIONS = {
  ...BUNDLE_OPTIONS,
  format: "cjs",
  // Each bundle is written as the function the launcher calls, so the launcher compiles the file's text as it was read:
  // wrapping it at run time copied every bundle's text once more, and the copies kept the first garbage collections busy.
  banner: {
    js: '(function (exports, require, module, __filename, __dirname) {var __podcMeta={get url(){return require("node:url").pathToFileURL(__filename).href}};',
  },
  footer: { js: "\n})" },
  define: { "import.meta.url": "__podcMeta.url" },
  // A third-party package loaded on first use (fast-glob, string-width) becomes a require of its vendor bundle: a
  // script compiled by node:vm has no loader for import().
  supported: { "dynamic-import": false },
};

/** How a command-line bundle names a third-party package it requires: bin/podc.cjs loads it from dist/vendor/. */
export const VENDOR_PREFIX = "podc-vendor:";

/** Where the vendor bundle of a package specifier lives in dist/ (`@scope/name/sub` → vendor/@scope~name~sub.cjs). */
export function vendorFile(specifier) {
  return `vendor/${specifier.replace(/\//g, "~")}.cjs`;
}
