/**
 * @file The repository's import graph as the graph tests read it: the source files of a folder, what each file
 * imports (static imports, re-exports, dynamic and side-effect imports), resolved to files the way the bundler
 * resolves them (relative paths and the layer aliases of tsconfig.base.json), and the cycles of such a graph.
 * Reading the text keeps it fast and free of a TypeScript program; type-only imports count like the others.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolveAlias } from '../pathAliases.mjs';

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The TypeScript files under `dir`, tests left out (nothing imports a test); `skip` leaves out whole folders. */
export function sourceFiles(dir: string, skip: (folder: string) => boolean = () => false): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return skip(p) ? [] : sourceFiles(p, skip);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every module specifier `text` imports or re-exports, in order. */
export function importSpecifiers(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** The file `spec` names when imported from `from` (both absolute), or undefined for a package. */
export function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : resolveAlias(spec);
  if (base === undefined) return undefined;
  return [base + '.ts', base + '.tsx', path.join(base, 'index.ts'), base].find(
    (p) => fs.existsSync(p) && fs.statSync(p).isFile(),
  );
}

/** The files `file` imports that exist in the repository. */
export function importedFiles(file: string): string[] {
  return importSpecifiers(fs.readFileSync(file, 'utf8')).flatMap((spec) => resolveImport(file, spec) ?? []);
}

/**
 * The cycles of a directed graph: each strongly connected group of two or more nodes, or a node that reaches
 * itself, sorted (Tarjan's algorithm). An acyclic graph gives none.
 */
export function findCycles<T>(edges: ReadonlyMap<T, Iterable<T>>): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const cycles: T[][] = [];
  const visit = (node: T): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: T[] = [];
    let member: T;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || [...(edges.get(node) ?? [])].includes(node)) cycles.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
