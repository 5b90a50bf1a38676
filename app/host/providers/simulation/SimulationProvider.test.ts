import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import type { RobotConsole } from '../../console/RobotConsole';
import type { SimulationFrame } from '@app/ipc/simulation';
import type { ProvidedRobot, ProviderHost } from '../../session/ConsoleProvider';
import { SimulationProvider } from './SimulationProvider';
import { loadRobotConfig } from '@app/simulator/simulation/robotConfig';
import type { Configuration } from '@robot-runtime/core/config/Configuration';

const SCENES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scenes');
const SCENE = path.join(SCENES, 'OneTeam.ros3');

/** The provider of `representation` in `thread`. */
function providerOf(configuration: Configuration, thread: string, representation: string): string | undefined {
  return configuration.threads
    .find((t) => t.name === thread)
    ?.representationProviders.find((p) => p.representation === representation)?.provider;
}

describe('SimulationProvider', () => {
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const robots = new Map<string, ProvidedRobot>();
  const printed: string[] = [];
  const frames: SimulationFrame[] = [];
  const host: ProviderHost = {
    addRobot: (r) => {
      robots.set(r.console.name, r);
      controller.addRobot(r.console);
    },
    removeRobot: (name) => {
      robots.delete(name);
      controller.removeRobot(name);
    },
    print: (text) => printed.push(text),
    controller,
    broadcast: (channel, payload) => {
      if (channel === 'pitchside:sim.state') frames.push(payload as SimulationFrame);
    },
    sceneChanged: (scene) => scenes.push(scene),
  };
  const scenes: string[] = [];
  controller.on('output', (o) => printed.push(o.text));
  const provider = new SimulationProvider({ sceneFile: SCENE, run: false, startScript: false });
  const lastFrame = (): SimulationFrame => frames[frames.length - 1]!;
  const robotConsole = (name: string): RobotConsole => robots.get(name)!.console;

  beforeAll(async () => {
    provider.start(host);
    await provider.whenLoaded();
  });
  afterAll(() => provider.dispose());

  it('registers every controlled robot with the console and describes the scene with its dummies', async () => {
    expect(robots.size).toBe(7);
    expect([...robots.values()].every((r) => r.kind === 'simulated')).toBe(true);
    const { scene } = await provider.handlers['pitchside:sim.scene']();
    expect(scene?.robots).toHaveLength(14);
    expect(scene?.robots.filter((r) => !r.controlled)).toHaveLength(7);
    expect(scene?.teams.map((t) => t.number)).toEqual([5, 70]);
    expect(scene?.jointNames).toContain('lKneePitch');
    expect(scene?.field.length).toBe(9000);
  });

  it('steps while paused and streams ground truth with joints and game state', () => {
    const before = provider.control('step').time;
    const after = provider.control('step');
    expect(after.running).toBe(false);
    expect(after.time).toBeGreaterThan(before);
    const frame = lastFrame();
    expect(frame.robots).toHaveLength(14);
    expect(frame.robots[0]!.joints).toHaveLength(27);
    expect(frame.robots.filter((r) => r.joints === undefined)).toHaveLength(7);
    expect(frame.game.state).toBe('initial');
    expect(frame.ball).toBeDefined();
  });

  it('runs the simulation commands: gc globally, mv for the robot whose console runs it', () => {
    controller.execute('gc ready');
    provider.control('step');
    expect(lastFrame().game.state).toBe('ready');
    robotConsole('robot3').endOfStartScript();
    robotConsole('robot3').execute('mv 1000 2000 333');
    provider.control('step');
    const robot3 = lastFrame().robots.find((r) => r.name === 'robot3')!;
    expect(Math.hypot(robot3.x - 1000, robot3.y - 2000)).toBeLessThan(50);
    controller.execute('gc nonsense');
    expect(printed.some((p) => /gc|state|Syntax/i.test(p))).toBe(true);
  });

  it("resets to the scene's start and gives the robots fresh consoles", () => {
    const old = robotConsole('robot1');
    const status = provider.control('reset');
    expect(status.time).toBe(0);
    expect(robotConsole('robot1')).not.toBe(old);
    expect(lastFrame().game.state).toBe('initial');
  });

  it("runs threads.cfg's providers without a start script, also after a reset (B-Human's robots do)", () => {
    // OneTeam.con calls Includes/Normal.con, which would switch the ball percept to the image perceptor.
    const expected = providerOf(loadRobotConfig().configuration, 'Upper', 'BallPercept');
    expect(expected).toBe('OracledPerceptsProvider');
    for (const robot of provider.simulation!.robots)
      expect(providerOf(robot.currentConfiguration, 'Upper', 'BallPercept')).toBe(expected);
  });

  it('opening the same scene again gives its robots the views typed before, with their drawings', async () => {
    const typed = robotConsole('robot2');
    typed.endOfStartScript();
    typed.execute('vf mine');
    typed.execute('vfd mine representation:BallModel');
    // Stepping the paused simulation, the session's tick hands the robot's answers to its console.
    const settle = (c: RobotConsole): void => {
      for (let i = 0; i < 100 && c.busy; i++) {
        provider.control('step');
        controller.update();
      }
    };
    settle(typed);
    expect(typed.model.views.fieldView('mine')?.drawings).toEqual(['representation:BallModel']);
    await provider.handlers['pitchside:scene.open']({ file: SCENE });
    const reopened = robotConsole('robot2');
    expect(reopened).not.toBe(typed);
    // The view exists at once (a restored panel finds it); its drawings follow once the new robot is polled.
    expect(reopened.model.views.fieldView('mine')).toBeDefined();
    settle(reopened);
    expect(reopened.model.views.fieldView('mine')?.drawings).toEqual(['representation:BallModel']);
    expect(reopened.isRequestOn('debugDrawing:representation:BallModel')).toBe(true);
    expect(scenes).toEqual(['OneTeam']);
    scenes.length = 0;
  });

  it('opens another scene only once it has loaded: a bad file leaves the running one as it was', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-scene-'));
    try {
      const bad = path.join(dir, 'Broken.ros3');
      fs.writeFileSync(bad, '<Simulation><Scene name="x"');
      const before = robotConsole('robot1');
      await expect(provider.handlers['pitchside:scene.open']({ file: bad })).rejects.toThrow(
        /Cannot open scene .*Broken/,
      );
      await expect(provider.handlers['pitchside:scene.open']({ file: path.join(dir, 'Missing.ros3') })).rejects.toThrow(
        /Cannot open scene/,
      );
      expect(robots.size).toBe(7);
      expect(robotConsole('robot1')).toBe(before);
      expect(provider.control('step').time).toBeGreaterThan(0);
      expect(scenes).toEqual([]);

      // BH.ros3: one robot against dummies. The old robots go, the new scene's come with their consoles.
      const { scene } = await provider.handlers['pitchside:scene.open']({ file: path.join(SCENES, 'BH.ros3') });
      expect(scene).toBe('BH');
      expect(scenes).toEqual(['BH']);
      expect([...robots.keys()]).toEqual(['robot1']);
      expect(robotConsole('robot1')).not.toBe(before);
      const described = await provider.handlers['pitchside:sim.scene']();
      expect(described.scene?.robots.filter((r) => r.controlled)).toHaveLength(1);
      expect(printed.some((p) => /Opened scene .*BH\.ros3/.test(p))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SimulationProvider with its start script', () => {
  it("applies the script's module requests from the first frame", async () => {
    const controller = new ConsoleController({ files: new MemoryFiles() });
    const host: ProviderHost = {
      addRobot: (r) => controller.addRobot(r.console),
      removeRobot: (name) => controller.removeRobot(name),
      print: () => {},
      controller,
      broadcast: () => {},
    };
    const provider = new SimulationProvider({ sceneFile: path.join(SCENES, 'BH.ros3'), run: false });
    provider.start(host);
    try {
      await provider.whenLoaded();
      // BH.con calls Includes/Normal.con: the robot perceives the ball in the rendered images.
      const robot = provider.simulation!.robots[0]!;
      expect(providerOf(robot.currentConfiguration, 'Upper', 'BallPercept')).toBe('BallAndPenaltyMarkPerceptor');
    } finally {
      await provider.dispose();
    }
  });
});
