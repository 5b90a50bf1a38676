/**
 * B-Human's own GameFast.ros3 (from the shared test corpus, never copied) played by Pitchside's robot programs for
 * 75 simulated seconds from the first whistle, seed 1: its start script asks for the oracled world model
 * (SimulatedWorldModelProvider on the ground truth in Cognition, no images), so every robot has the ball and its
 * own pose throughout; the robots walk in from B-Human's start poses at the sidelines, the game reaches playing
 * and the ball is kicked.
 */
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { GameState } from '../gameController/GameControllerData';
import { ErrorHistogram } from './errorHistogram';
import { runHeadless } from './headless';
import { Simulation } from './Simulation';

const SCENE = sharedCorpus('bhuman', 'Config', 'Scenes', 'GameFast.ros3');
/** The ready phase lasts up to 45 s; the rest is play. */
const SECONDS = 75;

describe("B-Human's GameFast.ros3 with Pitchside robot programs", () => {
  it('sees the ball and knows its pose all along, walks in from the sidelines, plays and kicks', async () => {
    const sim = await Simulation.load(SCENE, { seed: 1 });
    try {
      let played = false;
      await runHeadless(sim, {
        duration: SECONDS,
        speed: 'max',
        onStep: () => {
          played ||= sim.gc.getData().state === GameState.playing;
        },
      });
      const robots = sim.statistics();
      expect(robots).toHaveLength(14);
      for (const r of robots) {
        expect(r.ballSeenSeconds, r.name).toBeGreaterThan(0.95 * SECONDS);
        expect(r.distanceWalked, r.name).toBeGreaterThan(2000);
      }
      expect(ErrorHistogram.merged(robots.map((r) => r.localizationErrors)).median()).toBeLessThan(300);
      expect(played).toBe(true);
      expect(sim.kickStatistics.outcomes.length).toBeGreaterThan(0);
    } finally {
      await sim.dispose();
    }
  }, 300_000);
});
