import type { Plugin } from "esbuild";
export declare function vendorPatches(specifier: string): Plugin;
