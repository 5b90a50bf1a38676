/**
 * @file The thread configuration (`threads.cfg`): which threads exist and which module provides which
 * representation in each. Declared as a streamable class so the same description is read from config maps,
 * streamed in module requests and shown in the data view. Names and field order follow B-Human's
 * `Configuration` so that their files and streams read unchanged.
 */
import { defineClass, field, t, type ValueOf } from '../../protocol/types';

/** One `{representation = R; provider = M;}` entry of a thread. */
export const RepresentationProviderType = defineClass(
  'Configuration::RepresentationProvider',
  {
    representation: field(t.string, 'Name of the representation, e.g. BallModel.'),
    provider: field(t.string, 'Name of the module that provides it in this thread, e.g. BallLocator.'),
  },
  { doc: 'Selects the module that provides one representation in one thread.' },
);

/** One thread of the robot program. */
export const ThreadType = defineClass(
  'Configuration::Thread',
  {
    name: field(t.string, 'Thread name (Upper, Lower, Cognition, Motion, …); also the frame name in message queues.'),
    priority: field(t.int32, 'OS scheduling priority on the robot (0 = normal); ignored in the simulator.'),
    debugReceiverSize: field(t.int32, 'Bytes reserved for debug messages received by this thread.'),
    debugSenderSize: field(t.int32, 'Bytes reserved for debug messages this thread sends per frame.'),
    debugSenderInfrastructureSize: field(t.int32, 'Bytes of the sender buffer kept for infrastructure messages (timing, text).'),
    executionUnit: field(t.string, 'Which execution unit (thread body) runs the thread: Perception, Cognition, Motion, …'),
    representationProviders: field(t.vector(RepresentationProviderType), 'The providers selected in this thread, one per representation.'),
  },
  { doc: 'One thread with its debug buffer sizes and the representations its modules provide.' },
);

/** The whole `threads.cfg`. */
export const ConfigurationType = defineClass(
  'Configuration',
  {
    defaultRepresentations: field(t.vector(t.string), 'Representations that exist with their default values in every thread, provided by no module.'),
    threads: field(t.vector(ThreadType), 'The threads in execution order.'),
  },
  { doc: 'Threads of the robot program and the provider of every representation in each (threads.cfg).' },
);

/** A `{representation, provider}` entry. */
export type RepresentationProvider = ValueOf<typeof RepresentationProviderType>;
/** A thread of the configuration. */
export type ThreadConfiguration = ValueOf<typeof ThreadType>;
/** The value of a `threads.cfg`. */
export type Configuration = ValueOf<typeof ConfigurationType>;

/** A deep copy, so that pure edits (module requests) never change the configuration they started from. */
export function cloneConfiguration(config: Configuration): Configuration {
  return {
    defaultRepresentations: [...config.defaultRepresentations],
    threads: config.threads.map((thread) => ({
      ...thread,
      representationProviders: thread.representationProviders.map((p) => ({ ...p })),
    })),
  };
}

/** A thread record with the simulator's defaults for everything but the name and providers (handy in tests). */
export function makeThread(name: string, executionUnit: string, providers: Record<string, string> = {}): ThreadConfiguration {
  return {
    ...ThreadType.defaultValue(),
    name,
    executionUnit,
    representationProviders: Object.entries(providers).map(([representation, provider]) => ({ representation, provider })),
  };
}
