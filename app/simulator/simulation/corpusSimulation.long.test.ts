/**
 * B-Human's Game.ros3 from the shared test corpus with Pitchside's robot programs: 14 articulated NAOs whose camera
 * threads get rendered images (about 30 s of CPU for 2 simulated seconds, hence the long tier; BH.ros3 and
 * GameFast.ros3 run in corpusSimulation.test.ts).
 */
import { describe, it } from 'vitest';
import { runCorpusScene } from './testing/corpusSceneRun';

describe('B-Human scenes with Pitchside robot programs, with images', () => {
  it('Game.ros3: 14 programs on articulated NAOs, 2 simulated seconds, one summary of what is lacking', async () => {
    await runCorpusScene('Game.ros3', 14);
  });
});
