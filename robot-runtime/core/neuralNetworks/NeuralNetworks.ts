/**
 * @file Neural networks for modules: `networks.load(module, file, spec)` finds `NeuralNets/<module>/<file>` on the
 * config search path (the most specific level wins, so a location or robot can bring its own network), opens it
 * with the host's engine and checks its inputs and outputs against the shapes the module expects. Every problem
 * (no engine, missing file, too large, not a model, wrong shapes) is a NeuralNetworkError naming the file and the
 * expected shapes; nothing reaches the engine before the file's size is bounded.
 */
import { joinConfigPath, type FileSystem } from '../config/searchPath';
import type { EngineModel, NeuralNetworkEngine, TensorInfo } from './NeuralNetworkEngine';

/** The shapes a module expects: one concrete shape per input and per output, in the model's order. */
export interface NetworkSpec {
  readonly inputs: readonly (readonly number[])[];
  readonly outputs: readonly (readonly number[])[];
}

/** A loaded, checked network. */
export interface NeuralNetwork {
  /** Config-relative path of the file that was loaded. */
  readonly path: string;
  /** Runs once on the calling thread: one buffer per input (sizes as the spec's shapes), one per output back. */
  run(inputs: readonly Float32Array[]): Float32Array[];
}

/** What a module gets in its context to load networks. */
export interface NeuralNetworks {
  /** Loads and checks `NeuralNets/<module>/<file>`; throws NeuralNetworkError on any problem. */
  load(module: string, file: string, spec: NetworkSpec): NeuralNetwork;
}

/** A network that cannot be used: the message names the file and the shapes the module expects. */
export class NeuralNetworkError extends Error {
  override readonly name = 'NeuralNetworkError';
}

/** Largest model file read (bytes); B-Human's largest network is under 0.5 MB. */
export const MAX_MODEL_BYTES = 64 * 1024 * 1024;

/** Config-tree access with binary reads, as the Node hosts provide it. */
export interface BinaryFileSystem extends FileSystem {
  /** Size in bytes of the file at `path`, or undefined when it does not exist. */
  fileSize(path: string): number | undefined;
  /** The file's bytes, or undefined when it does not exist. */
  readBytes(path: string): Uint8Array | undefined;
}

/** The shapes as text: `[1,32,32,1]`. */
export function formatShapes(shapes: readonly (readonly (number | string)[])[]): string {
  return shapes.map((s) => `[${s.join(',')}]`).join(', ');
}

/** The spec in one phrase for error messages. */
function expected(spec: NetworkSpec): string {
  return `expected inputs ${formatShapes(spec.inputs)} and outputs ${formatShapes(spec.outputs)} (float32)`;
}

/** Whether a declared tensor fits an expected concrete shape (a symbolic dimension fits any size). */
function fits(info: TensorInfo, shape: readonly number[]): boolean {
  if (info.type !== 'float32' || info.shape.length !== shape.length) return false;
  return info.shape.every((d, i) => typeof d === 'string' || d === shape[i]);
}

/** Problems of a model's declared tensors against the spec, empty when it fits. */
export function shapeProblems(model: Pick<EngineModel, 'inputs' | 'outputs'>, spec: NetworkSpec): string[] {
  const problems: string[] = [];
  const check = (kind: string, infos: readonly TensorInfo[], shapes: readonly (readonly number[])[]): void => {
    if (infos.length !== shapes.length) problems.push(`it has ${infos.length} ${kind}s, not ${shapes.length}`);
    infos.forEach((info, i) => {
      const want = shapes[i];
      if (want && !fits(info, want))
        problems.push(
          `${kind} '${info.name}' is ${info.type} [${info.shape.join(',')}], not float32 [${want.join(',')}]`,
        );
    });
  };
  check('input', model.inputs, spec.inputs);
  check('output', model.outputs, spec.outputs);
  return problems;
}

const product = (shape: readonly number[]): number => shape.reduce((a, b) => a * b, 1);

/** A checked model bound to its spec: run() checks buffer sizes, so a wrong call is an error, not garbage. */
function boundNetwork(path: string, model: EngineModel, spec: NetworkSpec): NeuralNetwork {
  const sizes = spec.inputs.map(product);
  return {
    path,
    run(inputs) {
      if (inputs.length !== sizes.length || inputs.some((b, i) => b.length !== sizes[i]))
        throw new NeuralNetworkError(
          `${path}: run with ${inputs.length} inputs of ${inputs.map((b) => b.length).join(', ')} values; ` +
            expected(spec),
        );
      return model.run(inputs, spec.inputs);
    },
  };
}

/** Where networks come from: the engine (absent when the host has none), the config tree and its search path. */
export interface NetworkSource {
  readonly engine: NeuralNetworkEngine | undefined;
  readonly fs: BinaryFileSystem;
  readonly dirs: readonly string[];
}

/**
 * Networks from the config tree. Models are opened once per path and shared (modules of several threads and
 * robots of one simulation use the same file); the shape check runs for every load.
 */
export function configNeuralNetworks(source: NetworkSource): NeuralNetworks {
  const opened = new Map<string, EngineModel>();
  return {
    load(module, file, spec) {
      const name = `NeuralNets/${module}/${file}`;
      const fail = (why: string): never => {
        throw new NeuralNetworkError(`${name}: ${why}; ${expected(spec)}`);
      };
      if (!source.engine) fail('this host provides no neural network engine');
      let path: string | undefined, size: number | undefined;
      for (const dir of source.dirs) {
        path = joinConfigPath(dir, name);
        size = source.fs.fileSize(path);
        if (size !== undefined) break;
      }
      if (size === undefined || path === undefined) return fail('not found on the config search path');
      let model = opened.get(path);
      if (!model) {
        if (size > MAX_MODEL_BYTES) fail(`${size} bytes, more than the ${MAX_MODEL_BYTES} a model may have`);
        if (size === 0) fail(`${path} is empty`);
        const bytes = source.fs.readBytes(path);
        if (!bytes) return fail(`${path} cannot be read`);
        try {
          model = source.engine!.open(bytes);
        } catch (e) {
          return fail(`${path} is not a model ${source.engine!.name} can open (${(e as Error).message.trim()})`);
        }
        opened.set(path, model);
      }
      const problems = shapeProblems(model, spec);
      if (problems.length) fail(`${path} does not fit: ${problems.join('; ')}`);
      return boundNetwork(path, model, spec);
    },
  };
}

/** For hosts without an engine (the browser): every load is a clear error. */
export const NO_NEURAL_NETWORKS: NeuralNetworks = {
  load(module, file, spec) {
    throw new NeuralNetworkError(
      `NeuralNets/${module}/${file}: this host provides no neural network engine; ${expected(spec)}`,
    );
  },
};

/** Networks whose runs are measured by a stopwatch named after the file (`NeuralNets/<Module>/<file>`). */
export function timedNetworks(
  networks: NeuralNetworks,
  stopwatch: <T>(name: string, fn: () => T) => T,
): NeuralNetworks {
  return {
    load(module, file, spec) {
      const network = networks.load(module, file, spec);
      const name = `NeuralNets/${module}/${file}`;
      return { path: network.path, run: (inputs) => stopwatch(name, () => network.run(inputs)) };
    },
  };
}
