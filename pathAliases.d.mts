// Types of pathAliases.mjs for the TypeScript configs that import it.
export declare const PATH_ALIASES: readonly { prefix: string; folder: string }[];
export declare const viteAliases: { find: RegExp; replacement: string }[];
export declare function resolveAlias(spec: string): string | undefined;
