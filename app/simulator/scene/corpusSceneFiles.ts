/**
 * @file Test support for the B-Human corpus scenes (read from the shared test corpus, never copied): where they
 * are, which there are, and the check that one loads. Used by corpusScenes.test.ts (the fast tier) and
 * corpusScenes.long.test.ts (the Booster T1 scenes that share the first one's meshes).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { loadSceneGraph } from './loadScene';

/** The corpus scenes (read in place, never copied). */
export const CORPUS_SCENES: string = sharedCorpus('bhuman', 'Config', 'Scenes');

/** Every `.ros3` below the corpus scenes, sorted (relative paths). */
export function corpusSceneFiles(): string[] {
  return (readdirSync(CORPUS_SCENES, { recursive: true }) as string[]).filter((f) => f.endsWith('.ros3')).sort();
}

/**
 * The Booster T1 scenes after the first: each parses the same robot meshes again (about 2 s of a loaded core
 * apiece, most of the corpus's load time), so the fast tier loads only the first and the long tier the rest.
 */
export function laterT1Scenes(scenes: readonly string[]): string[] {
  return scenes.filter((s) => s.startsWith('T1/')).slice(1);
}

/** Booster K1 scenes need three includes the corpus does not have. */
const K1_MISSING = /cannot read the include '.*Includes\/K1\/Head_2_ZED_3\.rsi3': no such file/;

/** Checks that a corpus scene loads into the typed graph without warnings, or, for K1, names its missing include. */
export function expectCorpusSceneLoads(scene: string): void {
  const file = join(CORPUS_SCENES, scene);
  if (scene.startsWith('K1/')) {
    expect(() => loadSceneGraph(file), scene).toThrow(K1_MISSING);
    return;
  }
  const { graph, warnings } = loadSceneGraph(file);
  expect(graph.kind, scene).toBe('scene');
  expect(warnings, scene).toEqual([]);
}
