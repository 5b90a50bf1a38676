// The host's folders stand on floors (HOST_FLOORS in layerRules.js) so that a newcomer can read app/host from the
// ground up: no import chain may lead from a folder back into itself. This computes the import graph of the host's
// product files (tests are imported by nothing and cannot close a cycle) and looks for cycles between folders and
// between files, as the runtime's import-graph test walks the runtime's imports.
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findCycles, importedFiles, sourceFiles } from './importGraph';
import { HOST_FLOORS } from './layerRules.js';

const root = path.resolve(import.meta.dirname, '..');
const host = path.join(root, 'app', 'host');
const rel = (file: string): string => path.relative(root, file).split(path.sep).join('/');
/** `app/host/<folder>` of a host file. */
const folderOf = (file: string): string => rel(file).split('/').slice(0, 3).join('/');

/** Each product file of app/host with the host files it imports. */
function hostGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(host)) {
    const from = rel(file);
    const targets = importedFiles(file)
      .map(rel)
      .filter((to) => to.startsWith('app/host/'));
    graph.set(from, targets);
  }
  return graph;
}

describe('app/host import graph', () => {
  const graph = hostGraph();

  it('has every folder of app/host on a floor', () => {
    const folders = fs
      .readdirSync(host, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !HOST_FLOORS.flat().includes(f))).toEqual([]);
    expect(fs.readdirSync(host).filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('has no cycle between folders', () => {
    const folders = new Map<string, Set<string>>();
    for (const [from, targets] of graph) {
      const edges = folders.get(folderOf(from)) ?? new Set<string>();
      for (const to of targets) if (folderOf(to) !== folderOf(from)) edges.add(folderOf(to));
      folders.set(folderOf(from), edges);
    }
    expect(folders.size).toBeGreaterThanOrEqual(HOST_FLOORS.flat().length);
    expect([...folders.values()].reduce((n, edges) => n + edges.size, 0)).toBeGreaterThan(20);
    expect(findCycles(folders)).toEqual([]);
  });

  it('has no import running up a floor', () => {
    const floorOf = (file: string): number =>
      HOST_FLOORS.findIndex((floor) => floor.includes(folderOf(file).slice('app/host/'.length)));
    const upward = [...graph].flatMap(([from, targets]) =>
      targets.filter((to) => floorOf(to) > floorOf(from)).map((to) => `${from} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds the cycle an import back up would close', () => {
    // The same graph with one import from the console (floor 2) into the session (floor 5) added.
    const withBackEdge = new Map(graph);
    withBackEdge.set('app/host/console/ConsoleController.ts', [
      ...graph.get('app/host/console/ConsoleController.ts')!,
      'app/host/session/HostSession.ts',
    ]);
    const cycles = findCycles(withBackEdge);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toEqual(
      expect.arrayContaining(['app/host/console/ConsoleController.ts', 'app/host/session/HostSession.ts']),
    );
  });
});
