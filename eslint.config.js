// Lint for podc: typescript-eslint's recommended rules, a few type-aware ones that catch real bugs (a promise
// nobody awaits), no import cycles, and the pipeline's layers (docs/architecture.md) as import boundaries.
import { readFileSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/*
 * The folders of src/, bottom first. A folder imports only from folders of an earlier layer; two folders of one
 * layer never import each other. A top-level file of src/ (compile.ts, index.ts) counts as a folder of its own name.
 */
const LAYERS = [
  ["concurrency"],
  ["source", "language", "contract", "files"],
  ["diagnostics"],
  ["ast"],
  ["config"],
  ["parser"],
  ["check"],
  ["lower"],
  ["compile", "pricing"],
  ["stats", "workspace"],
  ["service", "emulator"],
  ["state"],
  ["run"],
  ["episode"],
  ["publish"],
  ["format"],
  ["import"],
  ["lsp"],
  ["cli"],
  ["index"],
];

/** Where a layer's name lives: a folder, or a top-level file of src/. */
const home = (name) => (["compile", "index"].includes(name) ? `./src/${name}.ts` : `./src/${name}`);

function layerZones() {
  const zones = [];
  LAYERS.forEach((layer, level) => {
    const higher = LAYERS.slice(level).flat();
    for (const name of layer) {
      for (const other of higher) {
        if (other === name) continue;
        zones.push({
          target: home(name) === `./src/${name}` ? `./src/${name}/**` : home(name),
          from: home(other),
          message: `${name}/ sits below ${other} in the pipeline (docs/architecture.md)`,
        });
      }
    }
  });
  return zones;
}

/** A stage with a front door: the folders above it import its index.ts, never the modules behind it. */
function frontDoorZones() {
  const above = ["episode", "publish", "format", "import", "lsp", "cli"];
  return above.map((name) => ({
    target: `./src/${name}/**`,
    from: "./src/run",
    except: ["./index.ts"],
    message: "the runner's front door is run/index.ts: import what a front needs from there",
  }));
}

/**
 * The fronts (the language server, the command line) are thin: what they need of a script — its configuration, its
 * analysis, its plan — they ask the workspace (src/workspace/) or the library's compile.ts, never the pipeline's stages.
 */
function frontZones() {
  return ["lsp", "cli"].flatMap((front) =>
    ["parser", "check", "lower"].map((stage) => ({
      target: `./src/${front}/**`,
      from: `./src/${stage}`,
      message: `${front}/ is a front: ask src/workspace/ (or compile.ts) for what it needs of ${stage}/`,
    })),
  );
}

/** Each command is loaded on its own by cli/commands.ts: one command is never another's library. */
function commandZones() {
  const commands = [...readFileSync("src/cli/commands.ts", "utf8").matchAll(/import\("\.\/([\w-]+)\.js"\)/g)].map((m) => `./src/cli/${m[1]}.ts`);
  return commands.map((command) => ({
    target: command,
    from: commands.filter((c) => c !== command),
    message: "a command never imports another command: move what they share into a module of cli/ or below",
  }));
}

export default defineConfig(
  {
    ignores: ["dist/**", "dist.*/**", "out/**", "coverage/**", "node_modules/**", "editors/vscode/**", "bench/.data/**", "test/fixtures/**", "**/fixtures/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ["vitest.config.ts"] }, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `_name` says "deliberately unused"; `{ dropped, ...rest }` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // Terminal output, JSON and file names are cleaned of control characters on purpose, with regular expressions.
      "no-control-regex": "off",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-for-in-array": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      "@typescript-eslint/only-throw-error": "error",
    },
  },
  {
    files: ["**/*.{ts,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js", ".mjs", ".json", ".node"], extensionAlias: { ".js": [".ts", ".js"] } })],
    },
    rules: {
      // The command registry loads each command lazily and each command reads the registry for its help's summary:
      // a ring through import() by design, evaluated only after every static import. Static cycles are errors.
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...layerZones(), ...frontDoorZones(), ...frontZones(), ...commandZones()] },
      ],
    },
  },
  {
    // Node's own globals for the plain JavaScript files (build scripts, the benchmark's hooks).
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    // The launchers are CommonJS (bin/podc.cjs says why).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { process: "readonly", require: "readonly", __dirname: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
