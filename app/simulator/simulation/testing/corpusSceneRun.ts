// One of B-Human's own scenes (from the shared test corpus, never copied) run with Pitchside's robot programs for
// 2 simulated seconds, and what a team pointing Pitchside at its scenes must find: articulated NAOs standing on
// their feet, one summary of what their `.con` scripts name that Pitchside lacks, robots that know where the scene
// placed them, and with B-Human's Fast configuration a ball in every world model.
import { join } from 'node:path';
import { expect } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { Simulation } from '../Simulation';

const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

/**
 * Loads `scene` with seed 1, plays 2 s and checks it as above; `robots` is how many programs it must start, and
 * `oracledWorldModel` whether its script builds the world model from the ground truth (B-Human's Fast scenes).
 */
export async function runCorpusScene(scene: string, robots: number, oracledWorldModel = false): Promise<void> {
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
      expect(robot.meanLocalizationError, robot.name).toBeLessThan(oracledWorldModel ? 1 : 300);
    if (oracledWorldModel)
      for (const robot of sim.statistics()) expect(robot.ballSeenSeconds, robot.name).toBeGreaterThan(1.9);
  } finally {
    await sim.dispose();
  }
}
