/**
 * @file Test support for modules and representations: a DebugContext that records everything (every request
 * counts as active) and a way to create a module instance with hand-made inputs, so module logic is tested
 * without threads, blackboards or a debug link.
 */
import type { TypeRef } from '../../protocol/types';
import type { DebugContext, DebugImage, Drawing2D, Drawing3D } from '../debug/DebugContext';
import { NO_TEAM_MESSAGE_CODECS, type ModuleDefinition, type TeamMessageCodecs } from '../module/defineModule';
import { SeededRandom } from '../../math/SeededRandom';
import { NO_NEURAL_NETWORKS, type NeuralNetworks } from '../neuralNetworks/NeuralNetworks';

/** One recorded debug call: a drawing shape, a plot value, a text, … */
export interface RecordedCall {
  /** drawing, drawing3d, plot, annotation, text, modify or image. */
  kind: string;
  /** Drawing/plot/annotation id. */
  id: string;
  /** Shape method name for drawings. */
  shape?: string;
  args: unknown[];
}

/** A DebugContext that treats every request as active and keeps what was sent, for assertions. */
export interface RecordingDebugContext extends DebugContext {
  readonly calls: RecordedCall[];
  /** Shapes of one drawing (by id), in call order. */
  shapes(id: string): RecordedCall[];
  /** Values sent to plot `id`. */
  plotValues(id: string): number[];
}

function recorder<T extends object>(calls: RecordedCall[], kind: string, id: string): T {
  return new Proxy({} as T, {
    get:
      (_target, shape) =>
      (...args: unknown[]) => {
        calls.push({ kind, id, shape: String(shape), args });
      },
  });
}

export function recordingDebugContext(): RecordingDebugContext {
  const calls: RecordedCall[] = [];
  return {
    calls,
    shapes: (id) => calls.filter((c) => (c.kind === 'drawing' || c.kind === 'drawing3d') && c.id === id),
    plotValues: (id) => calls.filter((c) => c.kind === 'plot' && c.id === id).map((c) => c.args[0] as number),
    isActive: () => true,
    drawing: (id: string, _type: string, draw: (d: Drawing2D) => void) =>
      draw(recorder<Drawing2D>(calls, 'drawing', id)),
    drawing3d: (id: string, _type: string, draw: (d: Drawing3D) => void) =>
      draw(recorder<Drawing3D>(calls, 'drawing3d', id)),
    plot: (id: string, value: number | (() => number)) => {
      calls.push({ kind: 'plot', id, args: [typeof value === 'function' ? value() : value] });
    },
    annotation: (id: string, description: string) => {
      calls.push({ kind: 'annotation', id, args: [description] });
    },
    text: (message: string) => {
      calls.push({ kind: 'text', id: '', args: [message] });
    },
    response: (name: string, fn: () => void) => {
      calls.push({ kind: 'response', id: name, args: [] });
      fn();
    },
    stopwatch: <T>(_name: string, fn: () => T): T => fn(),
    modify: <V>(name: string, _type: TypeRef<V>, value: V): V => {
      calls.push({ kind: 'modify', id: name, args: [] });
      return value;
    },
    image: (id: string, image: () => DebugImage) => {
      calls.push({ kind: 'image', id, args: [image()] });
    },
  };
}

/** Inputs for a module under test. `the` is read live, so a test may replace or mutate its entries between frames. */
export interface HarnessOptions<P> {
  the?: Record<string, unknown>;
  /** Parameter overrides (merged over the declared defaults). */
  params?: Partial<P>;
  /** Injected host data by representation name. */
  injected?: Record<string, unknown>;
  seed?: number;
  threadName?: string;
  /** The host's team message codecs (none by default). */
  teamMessageCodecs?: TeamMessageCodecs;
  /** The host's neural networks (none by default). */
  networks?: NeuralNetworks;
}

/** A module instance wired to hand-made inputs. */
export function createModuleForTest<P>(
  definition: ModuleDefinition<any, any, any, P>, // eslint-disable-line @typescript-eslint/no-explicit-any
  options: HarnessOptions<P> = {},
) {
  const the = options.the ?? {};
  const injected = options.injected ?? {};
  const debug = recordingDebugContext();
  const params = { ...((definition.parameters?.defaultValue() ?? {}) as P), ...(options.params ?? {}) } as P;
  const kept: { state: object | undefined } = { state: undefined };
  const instance = definition.create({
    the: the as never,
    params,
    debug,
    random: new SeededRandom(options.seed ?? 1),
    threadName: options.threadName ?? 'Test',
    injected: { get: (name: string) => injected[name] },
    teamMessageCodecs: options.teamMessageCodecs ?? NO_TEAM_MESSAGE_CODECS,
    networks: options.networks ?? NO_NEURAL_NETWORKS,
    keep: (state) => (kept.state = state),
  });
  return {
    instance,
    the,
    injected,
    debug,
    params,
    kept,
    update: instance.update as Record<string, (rep: unknown) => void>,
  };
}
