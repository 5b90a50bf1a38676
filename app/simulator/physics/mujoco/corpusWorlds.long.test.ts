/**
 * B-Human's 2025 scenes (read from the shared test corpus, never copied) as articulated MuJoCo worlds: every
 * `.ros3` whose files are all there builds one model and steps 2 simulated seconds; the robots standing on
 * their initial joint angles stay up. The fast tier's smoke is corpusWorlds.test.ts (B-Human's NAO) and
 * corpusSimulation.test.ts (three scenes with programs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { loadScene } from '../../scene/loadScene';
import { ArticulatedWorld } from './ArticulatedWorld';

const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

describe('B-Human corpus scenes on MuJoCo', () => {
  it('every .ros3 (K1 lacks includes) builds and steps 2 s; every NAO stays up', async () => {
    const scenes = (readdirSync(SCENES, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ros3') && !f.startsWith('K1/'))
      .sort();
    expect(scenes.length).toBeGreaterThanOrEqual(30);
    // Several scenes are the same file under another name (they differ only in their .con): built and stepped once.
    const stepped = new Set<string>();
    for (const scene of scenes) {
      // The same text in another folder includes other files.
      const text = `${dirname(scene)}\n${readFileSync(join(SCENES, scene), 'utf8')}`;
      if (stepped.has(text)) continue;
      stepped.add(text);
      const world = await ArticulatedWorld.create(loadScene(join(SCENES, scene)));
      try {
        const steps = Math.ceil(2 / world.scene.stepLength);
        for (let i = 0; i < steps; i++) world.step();
        const state = world.getState();
        expect(state.step, scene).toBe(steps);
        if (!scene.startsWith('T1/'))
          expect(
            state.robots.filter((r) => r.fallen).map((r) => r.name),
            scene,
          ).toEqual([]);
        if (state.ball) expect(state.ball.position.z, scene).toBeGreaterThan(0);
      } finally {
        world.dispose();
      }
    }
  }, 240_000);
});
