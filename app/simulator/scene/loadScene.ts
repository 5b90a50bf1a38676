/** Loads a scene file into the typed {@link SceneModel}: read + include, instantiate, type, extract. */
import fs from 'node:fs';
import { extractModel } from './extractModel';
import { readSceneTree, type ReadText } from './expandIncludes';
import { instantiateScene } from './instantiate';
import { buildSceneGraph } from './sceneGraph';
import type { SceneModel } from './SceneModel';

const readFromDisk: ReadText = (file) => fs.readFileSync(file, 'utf8');

/**
 * Loads `file` (relative paths stay relative in messages). Throws {@link SceneError} with file:line and element
 * path for any problem; callers keep their previous scene in that case.
 */
export function loadScene(file: string, readText: ReadText = readFromDisk): SceneModel {
  const tree = readSceneTree(file, readText);
  const scene = instantiateScene(tree);
  return extractModel(buildSceneGraph(scene), file);
}
