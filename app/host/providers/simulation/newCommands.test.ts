// SimRobot's commands that act on a simulated robot or the simulation — si (camera image to a file), sv (poses
// as a script) — and those that are refused with a reason (bc, jc, jm, js, rc, vic, sv oracle), on a real
// simulation of two robots.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadScene } from '@app/simulator/scene/loadScene';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import { attachSimulation } from '../../console/simulatedConsoles';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-console-commands-'));
let sim: Simulation | undefined;
afterEach(async () => {
  await sim?.dispose();
  sim = undefined;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The first two robots of `scene` (relative to the repository), with a console each; `out` collects output. */
async function twoRobots(scene: string): Promise<{ controller: ConsoleController; out: string[]; sim: Simulation }> {
  const model = loadScene(path.join(root, scene));
  // A copy of the scene beside the test's folder, so that sv writes there and not into scenes/.
  sim = await Simulation.fromScene({ ...model, file: path.join(dir, 'Scene.ros3'), robots: model.robots.slice(0, 2) });
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const out: string[] = [];
  controller.on('output', (o) => out.push(o.text));
  attachSimulation(controller, sim, { configRoot: dir });
  return { controller, out, sim };
}

describe("SimRobot's remaining console commands on a simulated robot", () => {
  it('si writes the camera image the robot sent as a BMP (numbered, grayscale) or PNG', async () => {
    const { controller, out, sim } = await twoRobots('scenes/Game.ros3');
    controller.execute('robot robot1');
    controller.execute('for Upper si');
    // `for` waits until the console polled the robot's threads.
    for (let i = 0; i < 200 && controller.busy; i++) {
      sim.step();
      controller.update();
    }
    expect(out.at(-1)).toMatch(/robot1 has sent no camera image in Upper yet \(switch it on with vi CameraImage/);
    controller.execute('for Upper dr representation:CameraImage');
    for (let i = 0; i < 200 && !/Saved/.test(out.at(-1) ?? ''); i++) {
      sim.step();
      controller.update();
      if (i % 10 === 9) controller.execute('for Upper si number shot');
    }
    expect(out.at(-1)).toMatch(/^Saved robot1's Upper image \(640×480\) to .*Images\/shot0\.bmp$/);
    const bmp = fs.readFileSync(path.join(dir, 'Images', 'shot0.bmp'));
    expect(bmp.subarray(0, 2).toString('latin1')).toBe('BM');
    expect(bmp.readInt32LE(18)).toBe(640);
    expect(bmp.readInt32LE(22)).toBe(480);
    expect(bmp.length).toBe(54 + 640 * 3 * 480);
    // A rendered field is not one flat colour.
    expect(new Set(bmp.subarray(54, 54 + 640 * 3 * 40)).size).toBeGreaterThan(8);

    controller.execute('for Upper si number grayscale shot');
    const gray = fs.readFileSync(path.join(dir, 'Images', 'shot1.bmp'));
    for (let p = 54; p < 54 + 3000; p += 3) expect(gray[p]).toBe(gray[p + 2]);
    controller.execute('for Upper si upper.png');
    expect(
      fs
        .readFileSync(path.join(dir, 'Images', 'upper.png'))
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    controller.execute('for Upper si reset 7');
    controller.execute('for Upper si number shot');
    expect(fs.existsSync(path.join(dir, 'Images', 'shot7.bmp'))).toBe(true);
    controller.execute('si a b c');
    expect(out.at(-1)).toMatch(/^Syntax Error: si reset/);
  });

  it('sv fast writes the poses as mvo lines that put the robots back; sv oracle says why not', async () => {
    const { controller, out, sim } = await twoRobots('scenes/GameFast.ros3');
    controller.execute('mvo RoboCup.robots.robot1 -1200 800 320 0 0 90');
    controller.execute('mvo RoboCup.balls.ball 500 -300 50');
    sim.step();
    controller.execute('sv fast Situation');
    const file = path.join(dir, 'Situation.con');
    expect(out.at(-1)).toBe(`Saved the poses to ${file}`);
    const script = fs.readFileSync(file, 'utf8');
    expect(script).toMatch(/^mvo RoboCup\.robots\.robot1 -120\d 80\d 320 0 0 9\d(\.\d)?$/m);
    expect(script).toMatch(/^mvo RoboCup\.balls\.ball 50\d -30\d 50$/m);
    // The saved script puts a moved robot back.
    controller.execute('mvo RoboCup.robots.robot1 0 0 320 0 0 0');
    for (const line of script.split('\n')) controller.execute(line);
    sim.step();
    expect(sim.worldState.robots.find((r) => r.name === 'robot1')!.pose.translation.x).toBeCloseTo(-1200, -1);
    controller.execute('sv oracle');
    expect(out.at(-1)).toMatch(/^sv oracle: Pitchside has no StaticInitialPoseProvider.*sv fast/);
    controller.execute('sv');
    expect(out.at(-1)).toBe('Syntax Error: sv fast | oracle [<file>]');
  });

  it('bc, jc, jm, js, rc and vic say why they do not apply here', async () => {
    const { controller, out } = await twoRobots('scenes/GameFast.ros3');
    controller.execute('robot robot1');
    const reasons: Record<string, RegExp> = {
      'bc 50 50 50': /^bc: .*no colour-space sub-views/,
      'jc press 1 mv 0 0 0': /^jc: Pitchside reads no joystick/,
      'jm 1 2 3': /^jm: Pitchside reads no joystick/,
      'js 1 100 0.1': /^js: Pitchside reads no joystick/,
      'rc local 5': /^rc: it sends the joystick's state/,
      'vic all alt echo $1 $2': /^vic: .*runs no console command on a click/,
    };
    for (const [line, reason] of Object.entries(reasons)) {
      controller.execute(line);
      expect(out.at(-1), line).toMatch(reason);
    }
  });
});
