/**
 * A reduced held-out evaluation (seed 2001: never used for training, nor by `npm run eval:perception`) of the ball
 * network in the config tree. The bounds sit well below what the network measures on the full set
 * (docs/perception.md), so a clearly worse network fails here.
 */
import { describe, expect, it } from 'vitest';
import { configNeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { loadScene } from '@app/simulator/scene/loadScene';
import { textureImage } from '@app/simulator/scene/textureImage';
import { DEFAULT_CONFIG_ROOT } from '@app/simulator/simulation/robotConfig';
import { BALL_TEXTURE_FILE } from '../images/ballTexture';
import { evaluateBallPerception } from './evaluateBallPerception';

/**
 * Bounds. This set measures 58/58 balls within 3 m, 79/79 at least half visible, no false ball, 0.90 px; 11/12
 * fully visible penalty marks within 3 m (12/17 with those hidden or cut), no false mark. The spot finder for
 * balls alone found 3/17 marks; the full held-out set's figures are in docs/perception.md.
 */
const RECALL_3M = 0.93;
const RECALL_HALF = 0.9;
const FALSE_BALLS = 1;
const CENTRE_PX = 1.5;
const MARK_RECALL = 0.8;
const ANY_MARK_RECALL = 0.55;
const FALSE_MARKS = 2;

describe("Pitchside's ball network on held-out rendered images", () => {
  it('finds the balls, few false ones, centres them and sees the penalty marks', { timeout: 240_000 }, () => {
    const networks = {
      Pitchside: configNeuralNetworks({
        engine: new OnnxEngine(),
        fs: new NodeFileSystem(DEFAULT_CONFIG_ROOT),
        dirs: [''],
      }),
    };
    const images = 120;
    const e = evaluateBallPerception(
      loadScene('scenes/Game.ros3'),
      textureImage(BALL_TEXTURE_FILE)!,
      networks,
      images,
      2001,
    ).Pitchside!;
    expect(e.within3m.of).toBeGreaterThan(30);
    expect(e.within3m.seen / e.within3m.of).toBeGreaterThanOrEqual(RECALL_3M);
    expect(e.halfVisible.seen / e.halfVisible.of).toBeGreaterThanOrEqual(RECALL_HALF);
    expect(e.falseBalls).toBeLessThanOrEqual(FALSE_BALLS);
    expect(e.centreErrorMedianPx).toBeLessThanOrEqual(CENTRE_PX);
    expect(e.marksWithin3m.of).toBeGreaterThanOrEqual(10);
    expect(e.marksWithin3m.seen / e.marksWithin3m.of).toBeGreaterThanOrEqual(MARK_RECALL);
    expect(e.anyMarksWithin3m.seen / e.anyMarksWithin3m.of).toBeGreaterThanOrEqual(ANY_MARK_RECALL);
    expect(e.falseMarks).toBeLessThanOrEqual(FALSE_MARKS);
  });
});
