// The three layers' import aliases (`@robot-runtime/…`, `@app/…`, `@renderer/…`), declared once as `paths` in
// tsconfig.base.json, which TypeScript, tsx and esbuild read themselves. This module hands the same table to the
// tools that do not read tsconfig: Vite and Vitest (`resolve.alias`) and the layer rule of the lint.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = import.meta.dirname;
const { paths } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8')).compilerOptions;

/** Alias prefixes (with their trailing slash) and the absolute folders they stand for. */
export const PATH_ALIASES = Object.entries(paths).map(([alias, [target]]) => ({
  prefix: alias.replace(/\*$/, ''),
  folder: path.join(ROOT, target.replace(/\*$/, '')),
}));

/** Vite's `resolve.alias` entries for PATH_ALIASES. */
export const viteAliases = PATH_ALIASES.map(({ prefix, folder }) => ({
  find: new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
  replacement: `${folder}/`,
}));

/** The absolute path an aliased specifier names (without extension), or undefined for other specifiers. */
export function resolveAlias(spec) {
  const alias = PATH_ALIASES.find(({ prefix }) => spec.startsWith(prefix));
  return alias && path.join(alias.folder, spec.slice(alias.prefix.length));
}
