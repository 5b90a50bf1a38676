import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadScene } from '@app/simulator/scene/loadScene';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { PATCH_SIZE } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/BallAndPenaltyMarkPerceptor';
import { patchSide } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/patches';
import { ConsoleController } from '../ConsoleController';
import { MemoryFiles } from '../files';
import { attachSimulation } from '../simulatedConsoles';
import { PERCEPTOR_DEFAULTS } from '../../perception/renderSituation';
import { RECORD_BYTES } from '../../perception/patchDataset';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-mark-'));
let sim: Simulation | undefined;
afterEach(async () => {
  await sim?.dispose();
  sim = undefined;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** robot1 of the default game alone, with a console on it; `out` collects what the console prints. */
async function oneRobot(): Promise<{ controller: ConsoleController; out: string[] }> {
  const model = loadScene(path.join(root, 'scenes/Game.ros3'));
  sim = await Simulation.fromScene({ ...model, robots: model.robots.slice(0, 1) });
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const out: string[] = [];
  controller.on('output', (o) => out.push(o.text));
  attachSimulation(controller, sim, { configRoot: dir });
  controller.execute('robot robot1');
  return { controller, out };
}

describe('mark: a data set marked in camera images', () => {
  it('marks balls, penalty marks and robots in the current image and saves patches the training pipeline reads', async () => {
    const { controller, out } = await oneRobot();
    controller.execute('for Upper dr representation:CameraImage');
    for (let i = 0; i < 300 && !/marked ball/.test(out.at(-1) ?? ''); i++) {
      sim!.step();
      controller.update();
      if (i % 10 === 9) controller.execute('for Upper mark ball 320 300 12');
    }
    expect(out.at(-1)).toMatch(
      /^marked ball at \(320, 300\) r 12 in the Upper image t=\d+ ms \(1 marks in 1 images\)$/,
    );
    controller.execute('for Upper mark penaltyMark 100 400 9');
    controller.execute('for Upper mark robot 400 100 480 260');
    controller.execute('for Upper mark ball 700 10 5');
    expect(out.at(-1)).toMatch(/^Error: the centre must lie in the 640×480 image/);
    controller.execute('for Upper mark ball 10 10');
    expect(out.at(-1)).toMatch(/^Syntax Error: mark ball/);
    // The next image of the camera: marks go to the image they were made in.
    for (let i = 0; i < 20; i++) {
      sim!.step();
      controller.update();
    }
    controller.execute('for Upper mark ball 200 200 20');
    controller.execute('for Upper mark undo');
    expect(out.at(-1)).toBe('removed ball at (200, 200) r 20');
    controller.execute('for Upper mark save hall');
    expect(out.at(-1)).toMatch(
      /^Saved 1 marked images of robot1 to .*Datasets\/hall\.patches \(1 balls, 1 penalty marks, 6 nothing\) and .*hall\.json \(1 robot boxes\)$/,
    );

    const file = path.join(dir, 'Datasets', 'hall.patches');
    expect(fs.statSync(file).size).toBe(12 + 8 * RECORD_BYTES);
    const listing = JSON.parse(fs.readFileSync(path.join(dir, 'Datasets', 'hall.json'), 'utf8')) as {
      images: { thread: string; width: number; marks: { kind: string }[] }[];
    };
    expect(listing.images).toHaveLength(1);
    expect(listing.images[0]!.marks.map((m) => m.kind)).toEqual(['ball', 'penaltyMark', 'robot']);

    // The training pipeline's reader (NumPy, without PyTorch) reads the file back: the ball's target is the patch's
    // centre (the spot is the marked centre) and its radius in patch units.
    const read = spawnSync('/usr/bin/python3', [path.join(root, 'tools/training/patchData.py'), file], {
      encoding: 'utf8',
    });
    expect(read.stderr).toBe('');
    const summary = JSON.parse(read.stdout) as {
      patches: number;
      labels: Record<string, number>;
      ballTargets: Record<'x' | 'y' | 'radius', [number, number]>;
    };
    expect(summary.patches).toBe(8);
    expect(summary.labels).toEqual({ nothing: 6, penaltyMark: 1, ball: 1 });
    const radius = (12 * PATCH_SIZE) / patchSide(12, PERCEPTOR_DEFAULTS.ballAreaFactor);
    expect(summary.ballTargets.x[0]).toBeCloseTo(PATCH_SIZE / 2, 3);
    expect(summary.ballTargets.y[0]).toBeCloseTo(PATCH_SIZE / 2, 3);
    expect(summary.ballTargets.radius[0]).toBeCloseTo(radius, 3);
  });

  it('says what is wrong: no image yet, nothing to save', async () => {
    const { controller, out } = await oneRobot();
    controller.execute('mark save nothing');
    expect(out.at(-1)).toBe('Error: robot1 has no marks to save');
    controller.execute('for Upper mark ball 1 1 1');
    for (let i = 0; i < 200 && controller.busy; i++) {
      sim!.step();
      controller.update();
    }
    expect(out.at(-1)).toMatch(/robot1 has sent no camera image in Upper yet/);
  });
});
