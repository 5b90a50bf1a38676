// The runtime's pure code must run anywhere a robot program runs, so react, three, electron and DOM types must never
// reach it through any chain of imports. This walks every import reachable from the runtime's pure code (everything
// but the Node hosts: hosts/robot and hosts/node).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const runtime = path.join(root, 'robot-runtime');
const FORBIDDEN =
  /^(react|react-dom|three|electron|uplot|monaco-editor)(\/|$)|^node:|^(fs|net|path|os|child_process|worker_threads)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory())
      return p === path.join(runtime, 'hosts', 'robot') || p === path.join(runtime, 'hosts', 'node')
        ? []
        : sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base + '.ts', path.join(base, 'index.ts'), base].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
}

describe('robot-runtime import graph', () => {
  it('reaches no UI package, no Electron, no Node built-in and no DOM lib', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const queue = sourceFiles(runtime);
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = fs.readFileSync(file, 'utf8');
      if (/\/\/\/\s*<reference\s+lib=["']dom/.test(text))
        offenders.push(`${path.relative(root, file)} references the DOM lib`);
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3]!;
        const aliased = spec.startsWith('@robot-runtime/')
          ? path.join(runtime, spec.slice('@robot-runtime/'.length))
          : '';
        if (spec.startsWith('.') || aliased) {
          const target = aliased ? resolve(runtime, aliased) : resolve(file, spec);
          if (target) queue.push(target);
        } else if (FORBIDDEN.test(spec)) {
          offenders.push(`${path.relative(root, file)} imports ${spec}`);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
    const tsconfig = JSON.parse(fs.readFileSync(path.join(runtime, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.lib.map((l: string) => l.toLowerCase())).not.toContain('dom');
  });
});
