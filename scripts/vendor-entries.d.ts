import type { StdinOptions } from "esbuild";
export declare function importedPackages(entry: string): Promise<Map<string, Set<string> | null>>;
export declare function vendorEntry(specifier: string, names: Set<string> | null, resolveDir: string): StdinOptions;
