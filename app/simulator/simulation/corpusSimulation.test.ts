/**
 * B-Human's own scenes run Pitchside's robot program: BH.ros3 and GameFast.ros3 from the shared test corpus load
 * articulated, start one program per controlled robot, apply their `.con` start scripts and report what those name
 * that Pitchside lacks once, as a summary; their robots know where they stand from the first frames, and
 * GameFast's see the ball through its oracled world model. Game.ros3 (images rendered): the long tier.
 */
import { describe, it } from 'vitest';
import { runCorpusScene } from './testing/corpusSceneRun';

describe('B-Human scenes with Pitchside robot programs', () => {
  it('BH.ros3: 1 program on an articulated NAO, 2 simulated seconds, one summary of what is lacking', async () => {
    await runCorpusScene('BH.ros3', 1);
  });

  it('GameFast.ros3: 14 programs on articulated NAOs, 2 simulated seconds, the ball and the poses known', async () => {
    await runCorpusScene('GameFast.ros3', 14, true);
  });
});
