/**
 * @file What the main thread and a thread worker exchange: the start data, the control words in shared
 * memory, and the messages posted back.
 */
import type { TeamMessageCodecs } from '@robot-runtime/core/module/defineModule';
import type { NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import type { MessagePort } from 'node:worker_threads';
import type { Clock } from '@robot-runtime/core/Clock';
import type { Configuration } from '@robot-runtime/core/config/Configuration';
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import type { FrameDebugger } from '@robot-runtime/core/debug/FrameDebugger';
import type { AnyModuleDefinition } from '@robot-runtime/core/module/ModuleGraph';
import type { ThreadSchedule } from '@robot-runtime/core/threads/ThreadSchedule';

/**
 * A module registry file exports `registry`: the modules the robot may use and optionally how to make a
 * thread's debugger. Workers import it by path because functions cannot be posted to them.
 */
export interface ThreadWorkerRegistry {
  readonly modules: readonly AnyModuleDefinition[];
  /** The debugger of one thread; a real robot uses core/debug's ThreadDebugger (the clock drives its stopwatches). */
  createDebugger(threadName: string, clock: Clock): FrameDebugger;
  /**
   * The host side of one thread (sensors and actuators: a simulated body, LoLA): called before every frame for the
   * data to inject. `shared` is the executor's `hostShared` buffer, for state the threads' hosts share; `clock` is
   * the thread's clock, which stamps what a device delivered when the thread gets it.
   */
  createHost?(threadName: string, shared: SharedArrayBuffer | undefined, options: unknown, clock: Clock): ThreadHost;
  /** The team message codecs the thread's modules get (from the same host options). */
  teamMessageCodecs?(options: unknown): TeamMessageCodecs;
  /** The neural networks the thread's modules may load (from the same host options); none when absent. */
  neuralNetworks?(options: unknown): NeuralNetworks;
}

/** Produces a thread's injected host data; `blackboard` holds the thread's values of the previous frame. */
export interface ThreadHost {
  frame(timeMs: number, blackboard: { get(name: string): unknown }): InjectedData;
}

/** Control words (Int32 indices into the control buffer). */
export const CONTROL_STOP = 0;
/** Number of control words. */
export const CONTROL_WORDS = 2;

/** Start data of one thread worker. */
export interface ThreadWorkerData {
  /** Absolute path or file URL of the registry module. */
  readonly registryPath: string;
  readonly thread: string;
  readonly configuration: Configuration;
  readonly seed: number;
  readonly robot: number;
  readonly schedule: ThreadSchedule;
  /** Shared buffers of the channels this thread sends or receives, by channelKey(from, to). */
  readonly channels: Readonly<Record<string, SharedArrayBuffer>>;
  /** One Int32 wake counter per thread (configuration order). */
  readonly wake: SharedArrayBuffer;
  /** This thread's index in `wake`. */
  readonly wakeIndex: number;
  /** Indices of the threads to wake after each frame (the threads this one triggers). */
  readonly notify: readonly number[];
  readonly control: SharedArrayBuffer;
  /** Absolute epoch (ms) all workers measure their clock from, so thread times are comparable. */
  readonly startEpochMs: number;
  /** The shared cycle count the threads' time follows instead of the wall clock (threadClocks.ts), if any. */
  readonly cycleClock?: SharedArrayBuffer;
  /** Debug messages for this thread arrive here (drained synchronously before each frame). */
  readonly debugIn: MessagePort;
  /**
   * One Int32 per thread (index `wakeIndex`): bytes of debug messages posted to the thread and not yet handled. The
   * main thread adds what it posts, the worker subtracts each batch once it has handled it.
   */
  readonly inboxBytes: SharedArrayBuffer;
  /** Parameter values by module name (code defaults for modules not listed). */
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Stop after this many frames (tests); unlimited when absent. */
  readonly maxFrames?: number;
  /** State shared by the threads' hosts (see ThreadWorkerRegistry.createHost). */
  readonly hostShared?: SharedArrayBuffer;
  /** Host options (structured-cloneable), passed to ThreadWorkerRegistry.createHost. */
  readonly hostOptions?: unknown;
  /** Representations this thread logs every frame (logger.cfg); posted as `log` events. */
  readonly logRepresentations?: readonly string[];
}

/** Posted by a worker to the main thread. */
export type ThreadWorkerEvent =
  | {
      readonly type: 'ready';
      readonly thread: string;
      /** Why the thread's configured priority could not be applied, if it could not. */
      readonly schedulingNote?: string;
    }
  | { readonly type: 'messages'; readonly thread: string; readonly frame: number; readonly packed: ArrayBuffer }
  | { readonly type: 'log'; readonly thread: string; readonly frame: number; readonly packed: ArrayBuffer }
  | { readonly type: 'done'; readonly thread: string; readonly frames: number }
  | { readonly type: 'error'; readonly thread: string; readonly message: string };
