// How podc is bundled, shared by the build (scripts/build.js) and the benchmark, so both measure the same code.
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
