// Changes to third-party code as the command line's vendor bundles hold it, each one a matter of speed only, each
// checked against the exact text it changes: a new version of the package that no longer has that text stops the
// build, so a patch is never silently lost or misapplied.
import { readFileSync } from "node:fs";

const PATCHES = [
  {
    package: "chevrotain",
    // chevrotain builds its Parser by copying some 250 methods of ten mixins onto Parser.prototype, one by one, when
    // it loads. V8 keeps a prototype in fast mode and copies its growing descriptor list at every addition, which made
    // this copy 8 ms of every podc start. Put in dictionary mode first (a property added and another deleted), the
    // prototype takes the methods at once, and V8 makes it fast again when the parser first uses it.
    file: /[\\/]chevrotain[\\/]lib[\\/]src[\\/]parse[\\/]parser[\\/]utils[\\/]apply_mixins\.js$/,
    replace: [
      [
        "export function applyMixins(derivedCtor, baseCtors) {\n    baseCtors.forEach((baseCtor) => {",
        "export function applyMixins(derivedCtor, baseCtors) {\n    const podcPrototype = derivedCtor.prototype;\n    podcPrototype.__podcFirst = 0;\n    podcPrototype.__podcSecond = 0;\n    delete podcPrototype.__podcFirst;\n    baseCtors.forEach((baseCtor) => {",
      ],
      ["        });\n    });\n}", "        });\n    });\n    delete podcPrototype.__podcSecond;\n}"],
    ],
  },
];

/**
 * An esbuild plugin that applies PATCHES to the vendor bundle of `specifier`, failing the build if a patch no longer
 * fits its file or its file is no longer part of the package.
 */
export function vendorPatches(specifier) {
  const patches = PATCHES.filter((patch) => patch.package === specifier);
  return {
    name: "vendor-patches",
    setup(b) {
      const applied = new Set();
      for (const patch of patches) {
        b.onLoad({ filter: patch.file }, (args) => {
          let contents = readFileSync(args.path, "utf8");
          for (const [before, after] of patch.replace) {
            if (contents.split(before).length !== 2) {
              return { errors: [{ text: `vendor patch no longer fits ${args.path}: review scripts/vendor-patches.js for this version` }] };
            }
            contents = contents.replace(before, after);
          }
          applied.add(patch);
          return { contents, loader: "js" };
        });
      }
      b.onEnd(() => ({
        errors: patches
          .filter((patch) => !applied.has(patch))
          .map((patch) => ({ text: `vendor patch for ${specifier} found no file matching ${patch.file}: review scripts/vendor-patches.js` })),
      }));
    },
  };
}
