/**
 * B-Human's own scenes run Pitchside's robot program: BH.ros3, GameFast.ros3 and Game.ros3 from the shared test
 * corpus (never copied) load articulated, start one program per controlled robot, apply their `.con` start
 * scripts and report what those name that Pitchside lacks once, as a summary. Their robots know where they
 * stand from the first frames, and GameFast's see the ball through its oracled world model.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { Simulation } from './Simulation';

const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

describe('B-Human scenes with Pitchside robot programs', () => {
  for (const [scene, robots] of [
    ['BH.ros3', 1],
    ['GameFast.ros3', 14],
    ['Game.ros3', 14],
  ] as const) {
    it(`${scene}: ${robots} program(s) on articulated NAOs, 2 simulated seconds, one summary of what is lacking`, async () => {
      const log: string[] = [];
      const sim = await Simulation.load(join(SCENES, scene), { seed: 1, log: (l) => log.push(l) });
      try {
        expect(sim.kind).toBe('articulated');
        expect(sim.robots).toHaveLength(robots);
        sim.runFor(2000);
        expect(sim.time).toBeGreaterThanOrEqual(2000);
        const summaries = log.filter((l) => l.startsWith('start script: skipped'));
        expect(summaries).toHaveLength(1);
        expect(summaries[0]).toMatch(/representations: .*RawInertialSensorData/);
        expect(log.length).toBeLessThanOrEqual(3);
        const motion = sim.robots[0]!.program.thread('Motion')!.blackboard;
        expect((motion.get('FsrSensorData') as { totals: number[] }).totals[0]).toBeGreaterThan(0.5);
        // Every robot knows where the scene placed it: the Fast configuration's oracled world model reads the
        // ground truth in Cognition, the others' self-localization starts at the scene's pose.
        for (const robot of sim.statistics())
          expect(robot.meanLocalizationError, robot.name).toBeLessThan(scene === 'GameFast.ros3' ? 1 : 300);
        if (scene === 'GameFast.ros3')
          for (const robot of sim.statistics()) expect(robot.ballSeenSeconds, robot.name).toBeGreaterThan(1.9);
      } finally {
        await sim.dispose();
      }
    });
  }
});
