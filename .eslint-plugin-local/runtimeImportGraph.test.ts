// The runtime's pure code must run anywhere a robot program runs, so react, three, electron and DOM types must never
// reach it through any chain of imports. This walks every import reachable from the runtime's pure code (everything
// but the Node hosts: hosts/robot and hosts/node).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, resolveImport, sourceFiles } from './importGraph';

const root = path.resolve(import.meta.dirname, '..');
const runtime = path.join(root, 'robot-runtime');
const FORBIDDEN =
  /^(react|react-dom|three|electron|uplot|monaco-editor)(\/|$)|^node:|^(fs|net|path|os|child_process|worker_threads)$/;
const NODE_HOSTS = [path.join(runtime, 'hosts', 'robot'), path.join(runtime, 'hosts', 'node')];

describe('robot-runtime import graph', () => {
  it('reaches no UI package, no Electron, no Node built-in and no DOM lib', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const queue = sourceFiles(runtime, (folder) => NODE_HOSTS.includes(folder));
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = fs.readFileSync(file, 'utf8');
      if (/\/\/\/\s*<reference\s+lib=["']dom/.test(text))
        offenders.push(`${path.relative(root, file)} references the DOM lib`);
      for (const spec of importSpecifiers(text)) {
        const target = resolveImport(file, spec);
        if (target) queue.push(target);
        else if (FORBIDDEN.test(spec)) offenders.push(`${path.relative(root, file)} imports ${spec}`);
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
    const tsconfig = JSON.parse(fs.readFileSync(path.join(runtime, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.lib.map((l: string) => l.toLowerCase())).not.toContain('dom');
  });
});
