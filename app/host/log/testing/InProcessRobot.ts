/**
 * @file Test support: one robot stepped by the deterministic executor in this process, with the minimal simulated
 * body and small synthetic camera images, connected to a robot console through its Debug hub. It stands in for a
 * simulated robot when recording logs through the console (the simulator integration is built separately).
 */
import { cloneConfiguration, type Configuration } from '@robot-runtime/core/config/Configuration';
import { loadAllModuleParameters, loadConfiguration } from '@robot-runtime/core/config/loadConfig';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { SettingsType } from '@robot-runtime/core/config/Settings';
import { ManualClock } from '@robot-runtime/core/Clock';
import { DebugHub } from '@robot-runtime/core/debug/DebugHub';
import { robotTypeInfoBytes } from '@robot-runtime/core/debug/robotTypeInfo';
import { ThreadDebugger } from '@robot-runtime/core/debug/ThreadDebugger';
import { DeterministicExecutor } from '@robot-runtime/core/threads/DeterministicExecutor';
import { RobotProgram } from '@robot-runtime/core/threads/RobotProgram';
import { configNeuralNetworks, type NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { MinimalBody } from '@robot-runtime/hosts/sim/minimalBody/MinimalBody';
import type { TypeRef } from '@robot-runtime/protocol/types';
import { allModules } from '@robot-runtime/threads/allModules';
import { RobotConsole } from '../../console/RobotConsole';
import { ReplayConnection } from '../ReplayConnection';

/** The repository's config/ folder. */
export const CONFIG_ROOT = new URL('../../../../config', import.meta.url).pathname;

/**
 * The default configuration and parameters from config/, with a provider for camera images in the camera threads,
 * and the configured neural networks (as a simulated robot has them).
 */
export function loadTestConfiguration(): {
  configuration: Configuration;
  parameters: Record<string, unknown>;
  neuralNetworks: NeuralNetworks;
} {
  const source = {
    fs: new NodeFileSystem(CONFIG_ROOT),
    dirs: searchPath({ headName: 'Nao', bodyName: 'Nao', location: 'Default', scenario: 'Default' }),
  };
  const configuration = cloneConfiguration(loadConfiguration(source).value);
  // Older threads.cfg versions had no camera provider; the images come in through LogDataProvider then.
  for (const t of configuration.threads) {
    if (
      t.executionUnit === 'Perception' &&
      !t.representationProviders.some((p) => p.representation === 'CameraImage')
    ) {
      t.representationProviders.push({ representation: 'CameraImage', provider: 'LogDataProvider' });
    }
  }
  const parameters = Object.fromEntries(loadAllModuleParameters(allModules, source).values);
  const neuralNetworks = configNeuralNetworks({ engine: new OnnxEngine(), fs: source.fs, dirs: source.dirs });
  return { configuration, parameters, neuralNetworks };
}

/** A YUYV image whose pixels depend on the thread and time, so every frame's image differs. */
function cameraImage(
  thread: string,
  timeMs: number,
): { width: number; height: number; timestamp: number; image: Uint8Array } {
  const upper = thread === 'Upper';
  const width = upper ? 64 : 32;
  const height = upper ? 48 : 24;
  const image = new Uint8Array(width * height * 2);
  for (let i = 0; i < image.length; i++) image[i] = (i * 7 + timeMs + (upper ? 0 : 101)) & 0xff;
  return { width: width / 2, height, timestamp: timeMs, image }; // a CameraImage counts YUYV pixel pairs
}

/** A robot in this process with a console attached. */
export class InProcessRobot {
  readonly console: RobotConsole;
  readonly program: RobotProgram;
  private readonly executor: DeterministicExecutor;
  private readonly clock = new ManualClock();

  constructor(name = 'robot1') {
    const { configuration, parameters, neuralNetworks } = loadTestConfiguration();
    const connection = new ReplayConnection();
    this.program = new RobotProgram({
      modules: allModules,
      configuration,
      neuralNetworks,
      clock: this.clock,
      createDebugger: (threadName, clock) => new ThreadDebugger({ clock, threadName }),
      parameters: (m) =>
        m.name in parameters ? structuredClone(parameters[m.name]) : (m.parameters as TypeRef<unknown>).defaultValue(),
    });
    const body = new MinimalBody(MinimalBody.createWorld());
    const typeInfo = robotTypeInfoBytes(allModules, [SettingsType]);
    let current = configuration;
    const hub = new DebugHub({
      threads: () => current.threads.map((t) => t.name),
      deliver: (thread, messages) => {
        for (const m of messages) this.program.thread(thread)?.debugger.handle(m);
      },
      typeInfo: () => typeInfo,
      modules: allModules,
      configuration: () => current,
      reconfigure: (next) => {
        const errors = this.executor.reconfigureRobot(0, next);
        if (!errors.length) current = next;
        return errors;
      },
      robotName: { headName: 'Nao', bodyName: 'Nao', location: 'Default', scenario: 'Default', playerNumber: 1 },
      send: (messages) => connection.deliver(messages),
    });
    connection.attach({ receiveFromConsole: (messages) => hub.receive(messages), advance: () => {} });
    this.executor = new DeterministicExecutor(this.clock, {
      beforeFrame: (_robot, thread, timeMs) => {
        const injected = body.frame(thread, timeMs, this.program.thread(thread)!.blackboard);
        if (thread !== 'Upper' && thread !== 'Lower') return injected;
        const image = cameraImage(thread, Math.round(timeMs));
        return { get: (n) => (n === 'CameraImage' ? image : injected.get(n)) };
      },
      afterFrame: (_robot, thread, messages) => hub.threadFrame(thread, messages),
    });
    this.executor.addRobot(this.program);
    this.console = new RobotConsole(name, connection, { configRoot: CONFIG_ROOT, now: () => this.clock.now() });
  }

  /** Simulated time (ms). */
  get timeMs(): number {
    return this.clock.now();
  }

  /** Runs `ms` of simulated time, updating the console every 50 ms. */
  run(ms: number): void {
    const end = this.clock.now() + ms;
    while (this.clock.now() < end) {
      this.executor.runUntil(Math.min(end, this.clock.now() + 50));
      this.console.update();
    }
  }
}
