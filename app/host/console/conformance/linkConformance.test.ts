// Conformance of the two robot links (rerun's protocol-compliance idea): the same console scenario, typed into the
// console of a simulated robot (in-process link) and of a standalone robot (TCP debug link, worker threads), must
// get the same answers. Both robots run the same modules from the same configuration (head and body "Nao").
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';
import { RemoteRobotProvider } from '../../providers/remote/RemoteRobotProvider';
import { SimulationProvider } from '../../providers/simulation/SimulationProvider';
import { controllerHost } from '../../session/testing/controllerHost';
import { ConsoleController } from '../ConsoleController';
import { MemoryFiles } from '../files';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * Lines a user types into one robot's console, and whose answers do not depend on where the robot runs; a function
 * makes its line from the answer to the line before.
 */
const SCENARIO: readonly (string | ((previous: readonly string[]) => string))[] = [
  'dr ? representation:BallModel',
  'get module:WalkingEngine ?',
  'get module:WalkingEngine',
  'dr noSuchRequest',
  'for NoSuchThread dr representation:BallModel',
  'msg nonsense',
  'vp speed 100 -1 1',
  'vpd ?',
  'vpd speed ? BallModel',
  'mr ? BallModel',
  'mr modules BallLocator',
  'set module:WalkingEngine stepDuration = 0.3',
  'get module:WalkingEngine',
  // The whole parameter set as the robot just printed it, with another step duration.
  (previous: readonly string[]) => previous.at(-1)!.replace(/stepDuration = [\d.]+;/, 'stepDuration = 0.3;'),
  'get module:WalkingEngine',
  'set module:WalkingEngine unchanged',
  'vf field',
  'vfd field representation:BallModel',
  'vfd field ? representation:',
  'get ? module:Walking',
];

/** A console whose `line` runs until idle; `step` advances the robot (simulated steps or wall time). */
interface Rig {
  controller: ConsoleController;
  output: string[];
  step(): Promise<void>;
}

function rig(step: (controller: ConsoleController) => Promise<void>): Rig {
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const output: string[] = [];
  controller.on('output', (o) => output.push(o.text));
  return { controller, output, step: () => step(controller) };
}

/** Runs one line and returns what it printed once the console is idle again. */
async function answer(r: Rig, line: string): Promise<string[]> {
  const before = r.output.length;
  r.controller.execute(line);
  for (let i = 0; i < 5000 && r.controller.busy; i++) await r.step();
  return r.output.slice(before);
}

/**
 * Waits until the robot console has polled the robot completely. A round gives up after 5 s of wall time with
 * what arrived; on a loaded machine that lacked drawing managers, so the consoles listed different drawings: such a
 * round is polled again (`poll`).
 */
async function polled(r: Rig): Promise<void> {
  for (let i = 0; i < 10_000 && r.controller.allRobots.length === 0; i++) await r.step();
  const robot = r.controller.allRobots[0]!;
  for (let round = 0; round < 10; round++) {
    for (let i = 0; i < 10_000 && (robot.model.poll.startedAt === undefined || robot.polling); i++) await r.step();
    if (!robot.model.poll.timedOut) break;
    r.controller.execute('poll');
  }
  expect(robot.polling).toBe(false);
  expect(robot.model.poll.timedOut).toBe(false);
}

let sim: SimulationProvider;
let standalone: StandaloneRobot;
let remote: RemoteRobotProvider;
let simulated: Rig;
let tcp: Rig;

beforeAll(async () => {
  simulated = rig(async (controller) => controller.execute('sim step 2'));
  sim = new SimulationProvider({
    sceneFile: path.join(root, 'scenes', 'OneTeam.ros3'),
    run: false,
    startScript: false,
  });
  sim.start(controllerHost(simulated.controller));
  await sim.whenLoaded();
  for (const robot of simulated.controller.allRobots.slice(1)) simulated.controller.removeRobot(robot.name);
  simulated.controller.allRobots[0]!.endOfStartScript();

  standalone = await StandaloneRobot.start({ port: 0, address: '127.0.0.1', log: () => undefined });
  tcp = rig(async (controller) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.update();
  });
  remote = new RemoteRobotProvider({ connectTimeoutMs: 60_000 });
  remote.start(controllerHost(tcp.controller));
  tcp.controller.execute(`sc ${simulated.controller.allRobots[0]!.name} 127.0.0.1:${standalone.port}`);
  await polled(tcp);
  await polled(simulated);
  await drawingsAnnouncedAlike();
});

/**
 * A drawing is announced once its code first ran: the standalone robot runs on wall time, so on a loaded machine it
 * was polled before its camera threads drew `representation:BallPercept:field` while the simulated robot had (the
 * scenario's completion of drawings then differed). Until both consoles know the same drawings, both robots run on
 * and are polled again.
 */
async function drawingsAnnouncedAlike(): Promise<void> {
  const drawings = (r: Rig) => answer(r, 'vfd field ? representation:').then((lines) => lines.join('\n'));
  for (let round = 0; round < 10 && (await drawings(simulated)) !== (await drawings(tcp)); round++)
    for (const r of [simulated, tcp]) {
      for (let i = 0; i < 100; i++) await r.step();
      r.controller.execute('poll');
      await polled(r);
    }
}

afterAll(async () => {
  await remote?.dispose();
  await standalone?.stop();
  await sim?.dispose();
});

describe('the in-process link and the TCP link', () => {
  it('give the same answers to the same console scenario', async () => {
    const transcript: string[] = [];
    let previous: readonly string[] = [];
    for (const entry of SCENARIO) {
      const line = typeof entry === 'string' ? entry : entry(previous);
      const viaSim = await answer(simulated, line);
      previous = viaSim;
      const viaTcp = await answer(tcp, line);
      transcript.push(`> ${line}`, ...viaSim);
      expect(viaTcp, line).toEqual(viaSim);
    }
    // Both consoles really talked to their robots (the same error twice would also be "the same answers").
    const text = transcript.join('\n');
    expect(text).toContain('plot:representation:BallModel:speed');
    expect(text).toContain('float stepDuration;');
    expect(text).toMatch(/> get module:WalkingEngine\nset module:WalkingEngine .*stepDuration = 0.3;/);
    expect(text).toContain(
      'BallModel (Cognition): BallLocator* LogDataProvider SimulatedWorldModelProvider default off',
    );
    expect(text).toContain('Unknown thread NoSuchThread (threads: Upper, Lower, Cognition, Motion, Audio)');
    expect(text).not.toMatch(/not connected|no answer/);
  });
});
