import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LogFile } from '../log/LogFile';
import { logInfo } from '../log/logInfo';
import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../../simulator/simulation/Simulation';
import { runConsole } from './console';
import { parseSimArgs, runSim } from './sim';
import { HelpRequested, UsageError } from '@robot-runtime/hosts/robot/commandLine';

const root = path.resolve(import.meta.dirname, '../../..');
const scene = path.join(root, 'scenes/GameFast.ros3');
let sim: Simulation | undefined;
afterEach(async () => {
  await sim?.dispose();
  sim = undefined;
});

describe('npm run sim', () => {
  it('parses its arguments', () => {
    expect(
      parseSimArgs(['--scene', 'a.ros3', '--duration', '60', '--speed', '4', '--seed', '9', '--debug-ports', '10000']),
    ).toEqual({
      scene: 'a.ros3',
      duration: 60,
      speed: 4,
      seed: 9,
      debugPorts: 10000,
      progress: 3,
    });
    expect(parseSimArgs(['--scene', 'a.ros3'])).toMatchObject({ duration: 600, speed: 'max', seed: 1 });
    expect(() => parseSimArgs(['--scene', 'a.ros3', '--speed', 'fast'])).toThrow(UsageError);
    expect(() => parseSimArgs(['--scene', 'a.ros3', '--nonsense'])).toThrow(UsageError);
    expect(() => parseSimArgs([])).toThrow(UsageError);
    expect(() => parseSimArgs(['--help'])).toThrow(HelpRequested);
    expect(
      parseSimArgs(['--scene', 'a.ros3', '--record', 'out', '--image-rate', '5', '--robots', 'robot1,robot2']),
    ).toMatchObject({ record: 'out', imageRate: 5, recordRobots: ['robot1', 'robot2'] });
    expect(() => parseSimArgs(['--scene', 'a.ros3', '--image-rate', '5'])).toThrow(/need --record/);
  });

  it('runs headless and prints progress, the score and per-robot statistics', async () => {
    const lines: string[] = [];
    expect(await runSim({ scene, duration: 4, speed: 'max', seed: 2, progress: 0.0001 }, (l) => lines.push(l))).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/t=\d+\.\d s {2}score 0:0 {2}\d+ steps\/s/);
    expect(text).toMatch(/score: team 5 0 : 0 team 70/);
    expect(text).toMatch(/robot27 +2 +7 /);
    expect(text).toMatch(/walked m +kicks +hits +kick m +falls +contact +alone +get-ups/);
    expect(text).toMatch(/falls: \d+ \(\d+ after a contact with another robot\), get-ups: \d+, walked \d+ m/);
  });

  it('--record writes one log per chosen robot with the chosen representations', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-simrecord-'));
    try {
      const lines: string[] = [];
      // Two robots (Duel) are enough to choose among; GameFast's fourteen cost seven times the CPU.
      const args = parseSimArgs([
        '--scene',
        path.join(root, 'scenes/Tests/Duel.ros3'),
        '--duration',
        '3',
        '--seed',
        '2',
        '--record',
        dir,
        '--robots',
        'robot2,robot21',
        '--representations',
        'FrameInfo,RobotPose,JointSensorData',
      ]);
      expect(
        await runSim(
          args,
          (l) => lines.push(l),
          (l) => lines.push(`ERR ${l}`),
        ),
      ).toBe(0);
      expect(lines.join('\n')).toMatch(/recorded 2 logs into .*, and \d+ GameController packets and \d+ team messages/);
      expect(fs.readdirSync(dir).sort()).toEqual(['game.log', 'robot2.log', 'robot21.log']);
      const log = LogFile.open(path.join(dir, 'robot21.log'));
      const info = logInfo(log);
      log.close();
      expect(info).toMatch(/idRobotPose/);
      expect(info).toMatch(/idJointSensorData/);
      expect(info).not.toMatch(/idCameraImage|idBallModel/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--test runs the console's test command headless: its help, a refused line, a run with its table", async () => {
    expect(parseSimArgs(['--scene', 'a.ros3', '--test', 'game 2'])).toMatchObject({ test: 'game 2' });
    const lines: string[] = [];
    const errors: string[] = [];
    const run = (test: string, record?: string) =>
      runSim(
        { scene, duration: 1, speed: 'max', seed: 3, progress: 0, test, record },
        (l) => lines.push(l),
        (l) => errors.push(l),
      );
    expect(await run('help')).toBe(0);
    expect(lines.at(-1)).toMatch(/Targets: ballInZone <zone>/);
    expect(await run('situation 1 5 fuz wobble 3 goalTeamA')).toBe(2);
    expect(errors.at(-1)).toBe("error: --test: unknown fuzz axis 'wobble' (all, pos, rot, x, y, z, rotx, roty, rotz)");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-sim-test-'));
    try {
      expect(await run('situation 1 0.5 ballInZone centerCircle', dir)).toBe(0);
      expect(lines.at(-1)).toMatch(
        /^run\s+seed.*\n\s+1\s+3\s+reached\s+0\.0\s+0:0\s+the ball is in the zone\s+\S+run1\n1\/1 reached/s,
      );
      expect(fs.readdirSync(path.join(dir, 'run1'))).toHaveLength(14);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a malformed scene with file and line', async () => {
    const lines: string[] = [];
    expect(
      await runSim(
        { scene: path.join(root, 'package.json'), duration: 1, speed: 'max', seed: 1, progress: 0 },
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(1);
    expect(lines.join('\n')).toMatch(/error: .*package\.json:1/);
  });

  it('lets `npm run console` attach to a simulated robot over its debug port: dr, get, mr, dr timing', async () => {
    sim = await Simulation.load(scene, { seed: 4 });
    const ports = await sim.listen(0);
    sim.command('gc ready');
    sim.command('dt off');
    sim.run();
    const out: string[] = [];
    const code = await runConsole(
      {
        host: '127.0.0.1',
        port: ports.get('robot3')!,
        commands: ['get module:BehaviorControl', 'mr BallModel ?', 'dr representation:GameState', 'dr timing'],
        stay: false,
        // Streamed answers (dr) need a frame of each thread; a loaded machine can take seconds for one.
        waitMs: 3000,
        connectTimeoutMs: 60_000,
      },
      { out: (l) => out.push(l), err: (l) => out.push(`ERR ${l}`) },
    );
    const text = out.join('\n');
    expect(code, text).toBe(0);
    expect(text).toMatch(/Hi, I am robot3/);
    expect(text).toMatch(/set module:BehaviorControl .*kickDistance = \d+;/);
    expect(text).toMatch(/BallModel \(Cognition\): .*SimulatedWorldModelProvider\*/);
    expect(text).toMatch(/\[Cognition\] GameState .*playerNumber = 3/);
    expect(text).toMatch(/\[Motion\] timing .*WalkingEngine|\[Motion\] timing .*JointRequest/);
  });
});
