/**
 * B-Human's NAO scene (read from the shared test corpus, never copied) as an articulated MuJoCo world. Every other
 * corpus scene builds and steps in corpusWorlds.long.test.ts; corpusSimulation.test.ts runs programs on three.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { loadScene } from '../../scene/loadScene';
import { ArticulatedWorld } from './ArticulatedWorld';

const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

describe('B-Human corpus scenes on MuJoCo', () => {
  it("BH.ros3: B-Human's NAO becomes 24 motorized hinges on a free torso, built in well under a second", async () => {
    const scene = loadScene(join(SCENES, 'BH.ros3'));
    const world = await ArticulatedWorld.create(scene);
    try {
      const robot = world.robot(scene.robots[0]!.name);
      expect(robot.actuated).toHaveLength(24);
      expect(robot.root.qposAddress).toBeDefined();
      expect(world.loadTimes.build + world.loadTimes.compile).toBeLessThan(1500);
    } finally {
      world.dispose();
    }
  });
});
