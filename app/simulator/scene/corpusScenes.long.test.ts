/**
 * The long tier's share of corpusScenes.test.ts: the Booster T1 scenes after the first, which parse the same robot
 * meshes again (docs/testing.md, "Test tiers").
 */
import { describe, expect, it } from 'vitest';
import { corpusSceneFiles, expectCorpusSceneLoads, laterT1Scenes } from './corpusSceneFiles';

describe('B-Human corpus scenes: the other Booster T1 scenes', () => {
  it('every further T1 .ros3 loads into the typed graph', () => {
    const scenes = laterT1Scenes(corpusSceneFiles());
    expect(scenes.length).toBeGreaterThanOrEqual(7);
    for (const scene of scenes) expectCorpusSceneLoads(scene);
  });
});
