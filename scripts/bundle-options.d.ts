import type { BuildOptions } from "esbuild";
export declare const BUNDLE_OPTIONS: BuildOptions;
export declare const COMMAND_LINE_OPTIONS: BuildOptions;
