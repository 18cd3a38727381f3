// What goes into each vendor bundle of dist/vendor/, and how its module.exports looks to the command bundles that
// require it.
//
// A package imported only by name (`import { createToken, Lexer } from "chevrotain"`) gets an ES module entry that
// re-exports those names: esbuild then leaves out the rest of the package and, with no require() of it, evaluates
// its modules in one go instead of behind lazy wrappers. For chevrotain that is a third of its start-up.
//
// A package imported whole (a default import, `import * as`, `import()`) gets a CommonJS entry instead, because the
// command bundles import it as Node does: the default import of a CommonJS module is its module.exports. An ES module
// bundled to CommonJS carries its default export as `.default` (string-width's function), so such a package's
// module.exports becomes that function, with its named exports (and `.default`) readable on it.
import { build } from "esbuild";
import { isBuiltin } from "node:module";
import { BUNDLE_OPTIONS } from "./bundle-options.js";

/**
 * The third-party packages the code reachable from `entry` imports, each with the names it takes from it, or `null`
 * when it takes the package whole. Read off esbuild's own ES module output, so tree shaking has already dropped
 * imports that nothing uses.
 */
export async function importedPackages(entry) {
  const result = await build({
    ...BUNDLE_OPTIONS,
    banner: {},
    minify: false,
    entryPoints: [entry],
    write: false,
    logLevel: "warning",
    plugins: [
      {
        name: "packages-external",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (isBuiltin(args.path) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const text = result.outputFiles[0].text;
  const packages = new Map();
  const take = (specifier, names) => {
    const known = packages.get(specifier);
    if (isBuiltin(specifier) || known === null) return;
    if (names === null) packages.set(specifier, null);
    else if (known === undefined) packages.set(specifier, new Set(names));
    else for (const name of names) known.add(name);
  };
  for (const [, clause, specifier] of text.matchAll(/^import\s+([^"]*?)\s+from\s*"([^"]+)";?$/gm)) take(specifier, namedOnly(clause));
  for (const [, specifier] of text.matchAll(/^import\s*"([^"]+)";?$/gm)) take(specifier, null);
  for (const [, specifier] of text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) take(specifier, null);
  return packages;
}

/** The names of an import clause that takes only named exports (`{ a, b as c }`), or null if it takes more. */
function namedOnly(clause) {
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return null;
  const names = braces[1]
    .split(",")
    .map((part) => part.trim().split(/\s+as\s+/)[0])
    .filter((name) => name !== "");
  return names.includes("default") ? null : names;
}

/** esbuild's stdin for the vendor bundle of `specifier`, taking `names` from it (null: the whole package). */
export function vendorEntry(specifier, names, resolveDir) {
  const from = JSON.stringify(specifier);
  if (names !== null && names.size > 0) {
    return { contents: `export { ${[...names].sort().join(", ")} } from ${from};\n`, resolveDir, sourcefile: "vendor-entry.mjs", loader: "js" };
  }
  const contents = `const m = require(${from});
const d = m != null && m.__esModule ? m.default : undefined;
if (typeof d === "function") {
  for (const key of Object.keys(m)) {
    const own = Object.getOwnPropertyDescriptor(d, key);
    if (key !== "__esModule" && (own === undefined || own.configurable)) Object.defineProperty(d, key, { get: () => m[key], enumerable: true, configurable: true });
  }
  module.exports = d;
} else module.exports = m;
`;
  return { contents, resolveDir, sourcefile: "vendor-entry.cjs", loader: "js" };
}
