/** Loads a scene file into the typed {@link SceneModel}: read + include, instantiate, type, extract. */
import { extractModel } from './extractModel';
import { readSceneTree, type ReadText } from './expandIncludes';
import { instantiateScene, type SceneFlavour } from './instantiate';
import { readSceneFile } from './readSceneFile';
import { SceneError, type SceneWarning } from './SceneError';
import { buildSceneGraph, type SceneNode } from './sceneGraph';
import type { SceneModel } from './SceneModel';

/** Reads regular files only, at most XML_LIMITS.maxBytes each (see readSceneFile). */
const readFromDisk: ReadText = (file) => readSceneFile(file);

/** A scene's typed graph before B-Human's conventions are applied. */
export interface LoadedSceneGraph {
  graph: SceneNode;
  flavour: SceneFlavour;
  /** Accepted but ignored constructs, one per name. */
  warnings: SceneWarning[];
}

/**
 * The vocabulary a file uses, by its extension: `.ros2`/`.rsi2` may be ODE-era scenes (their ODE-only attributes
 * are ignored with a warning); everything else is read as the MuJoCo `.ros3` vocabulary. 2-D scenes are refused.
 */
export function sceneFlavourOf(file: string): SceneFlavour {
  if (/\.r(os|si)2d$/i.test(file)) {
    throw new SceneError(
      file,
      1,
      '',
      '2-D scenes (.ros2d) are not supported: Pitchside simulates 3-D scenes (.ros3, .ros2); ' +
        'for fast whole-team tests use a Fast scene such as GameFast.ros3',
    );
  }
  return /\.r(os|si)2$/i.test(file) ? 'ros2' : 'ros3';
}

/** Loads `file` into the typed scene graph (no B-Human conventions checked); throws {@link SceneError}. */
export function loadSceneGraph(file: string, readText: ReadText = readFromDisk): LoadedSceneGraph {
  const flavour = sceneFlavourOf(file);
  const tree = readSceneTree(file, readText);
  const { scene, warnings } = instantiateScene(tree, flavour);
  return { graph: buildSceneGraph(scene), flavour, warnings };
}

/**
 * Loads `file` (relative paths stay relative in messages). Throws {@link SceneError} with file:line and element
 * path for any problem; callers keep their previous scene in that case.
 */
export function loadScene(file: string, readText: ReadText = readFromDisk): SceneModel {
  const { graph, warnings } = loadSceneGraph(file, readText);
  return { ...extractModel(graph, file), warnings };
}
