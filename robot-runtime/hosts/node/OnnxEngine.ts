/**
 * @file The Node hosts' inference engine: ONNX Runtime through onnxruntime-node's native binding, called directly
 * because its session object runs synchronously (the package's public InferenceSession only wraps the same call
 * in a promise resolved on the next event-loop turn). A module's thread therefore runs its network in place, with
 * no worker hand-off and no waiting on the event loop. One intra-op thread per model: each robot thread runs its
 * own networks, and the simulator steps whole teams on one OS thread.
 */
import { createRequire } from 'node:module';
import type { EngineModel, NeuralNetworkEngine, TensorInfo } from '../../core/neuralNetworks/NeuralNetworkEngine';

/** The parts of onnxruntime-node's native binding used here (its `dist/binding.d.ts`). */
interface ValueMetadata {
  name: string;
  isTensor: boolean;
  symbolicDimensions: string[];
  shape: number[];
  type: number;
}
interface NativeSession {
  loadModel(buffer: ArrayBuffer, byteOffset: number, byteLength: number, options: object): void;
  readonly inputMetadata: ValueMetadata[];
  readonly outputMetadata: ValueMetadata[];
  run(
    feeds: Record<string, unknown>,
    fetches: Record<string, null>,
    options: object,
  ): Record<string, { data: unknown }>;
  dispose(): void;
}
interface TensorConstructor {
  new (type: 'float32', data: Float32Array, dims: readonly number[]): unknown;
}

const require = createRequire(import.meta.url);

/** ONNX element types by the binding's number (ONNX TensorProto.DataType). */
const TYPES: Record<number, string> = {
  1: 'float32',
  2: 'uint8',
  3: 'int8',
  4: 'uint16',
  5: 'int16',
  6: 'int32',
  7: 'int64',
  9: 'bool',
  10: 'float16',
  11: 'float64',
};

/** Session options: one thread, all graph optimisations, sequential execution. */
const SESSION_OPTIONS = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
};

let native: { Session: new () => NativeSession; Tensor: TensorConstructor; version: string } | undefined;

/** Loads the binding once (initialising ONNX Runtime) on first use, so hosts that never load a model pay nothing. */
function binding(): NonNullable<typeof native> {
  if (!native) {
    const b = require('onnxruntime-node/dist/binding.js') as {
      binding: { InferenceSession: new () => NativeSession };
      initOrt(): void;
    };
    b.initOrt();
    const ort = require('onnxruntime-node') as { Tensor: TensorConstructor; env: { versions: { node?: string } } };
    native = { Session: b.binding.InferenceSession, Tensor: ort.Tensor, version: ort.env.versions.node ?? '?' };
  }
  return native;
}

function tensorInfo(m: ValueMetadata): TensorInfo {
  return {
    name: m.name,
    type: m.isTensor ? (TYPES[m.type] ?? `type ${m.type}`) : 'non-tensor',
    shape: m.shape.map((d, i) => (d >= 0 ? d : m.symbolicDimensions[i] || '?')),
  };
}

/** ONNX Runtime (CPU) as the runtime's NeuralNetworkEngine. */
export class OnnxEngine implements NeuralNetworkEngine {
  get name(): string {
    return `onnxruntime-node ${binding().version}`;
  }

  open(model: Uint8Array): EngineModel {
    const { Session, Tensor } = binding();
    const session = new Session();
    session.loadModel(model.buffer as ArrayBuffer, model.byteOffset, model.byteLength, SESSION_OPTIONS);
    const inputs = session.inputMetadata.map(tensorInfo);
    const outputs = session.outputMetadata.map(tensorInfo);
    const fetches: Record<string, null> = Object.fromEntries(outputs.map((o) => [o.name, null]));
    return {
      inputs,
      outputs,
      run(buffers, shapes) {
        const feeds: Record<string, unknown> = {};
        inputs.forEach((input, i) => (feeds[input.name] = new Tensor('float32', buffers[i]!, shapes[i]!)));
        const result = session.run(feeds, fetches, {});
        return outputs.map((o) => result[o.name]!.data as Float32Array);
      },
      dispose: () => session.dispose(),
    };
  }
}
