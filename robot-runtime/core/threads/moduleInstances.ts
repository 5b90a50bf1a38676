/**
 * @file Creating module instances for one thread: each gets read access to its inputs on the thread's
 * blackboard, its own parameters, a random stream of its own, the shared DebugContext, the frame's injected
 * host data, the host's team message codecs and its neural networks.
 */
import type { DebugContext } from '../debug/DebugContext';
import type { Blackboard } from '../blackboard/Blackboard';
import type { InjectedData, ModuleInstance, TeamMessageCodecs } from '../module/defineModule';
import type { AnyModuleDefinition } from '../module/ModuleGraph';
import { SeededRandom } from '../../math/SeededRandom';
import { timedNetworks, type NeuralNetworks } from '../neuralNetworks/NeuralNetworks';

/** A created module with what the runner needs to drive it. */
export interface LiveModule {
  readonly definition: AnyModuleDefinition;
  readonly instance: ModuleInstance<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The parameter object given to the instance (MODIFY-able in place as `module:<Name>`), if any. */
  readonly params: unknown;
  /** The instance's random stream (part of its state: a restored instance draws what it would have drawn). */
  readonly random: SeededRandom;
  /** The state the instance declared with `keep`, if it did. */
  readonly kept: { state: object | undefined };
}

/** What every instance of a thread shares. */
export interface InstanceEnvironment {
  readonly blackboard: Blackboard;
  readonly debug: DebugContext;
  readonly threadName: string;
  readonly injected: InjectedData;
  readonly teamMessageCodecs: TeamMessageCodecs;
  readonly networks: NeuralNetworks;
  readonly seed: number;
  readonly robot: number | string;
  /** A fresh parameter value for `module` (loaded from config or code defaults). */
  readonly parameters: (module: AnyModuleDefinition) => unknown;
}

/**
 * Read-only view of the inputs a module declared; getters always return the blackboard's current instance.
 * Each getter keeps its representation's slot, so reading an input costs no lookup by name.
 */
function inputsView(definition: AnyModuleDefinition, blackboard: Blackboard): object {
  const the: Record<string, unknown> = {};
  for (const rep of [...definition.requires, ...definition.uses] as { typeName: string }[]) {
    const slot = blackboard.slot(rep.typeName);
    Object.defineProperty(the, rep.typeName, { enumerable: true, get: () => slot.value });
  }
  return Object.freeze(the);
}

/** Creates one instance of `definition` for the thread described by `env`. */
export function createModule(definition: AnyModuleDefinition, env: InstanceEnvironment): LiveModule {
  const params = definition.parameters ? env.parameters(definition) : {};
  const random = SeededRandom.forModule(env.seed, env.robot, env.threadName, definition.name);
  const kept: { state: object | undefined } = { state: undefined };
  const keep = <S extends object>(state: S): S => {
    if (kept.state) throw new Error(`${definition.name}: keep() declares the state once`);
    kept.state = state;
    return state;
  };
  const instance = definition.create({
    the: inputsView(definition, env.blackboard),
    params,
    debug: env.debug,
    random,
    threadName: env.threadName,
    injected: env.injected,
    teamMessageCodecs: env.teamMessageCodecs,
    networks: timedNetworks(env.networks, (name, fn) => env.debug.stopwatch(name, fn)),
    keep,
  } as never);
  return { definition, instance, params: definition.parameters ? params : undefined, random, kept };
}
