/**
 * @file The inference engine a host gives the runtime: it opens a model file's bytes and runs it synchronously on
 * the calling thread. The runtime and its modules see only this interface; the Node hosts implement it with ONNX
 * Runtime (hosts/node/OnnxEngine.ts), so modules never import Node or a native library.
 */

/** One input or output of a model as the model file declares it. */
export interface TensorInfo {
  /** The tensor's name in the model. */
  readonly name: string;
  /** Element type as ONNX names it (`float32`, `uint8`, …). */
  readonly type: string;
  /** Dimensions; a string is a symbolic (free) dimension such as a batch size. */
  readonly shape: readonly (number | string)[];
}

/** A model opened by the engine. */
export interface EngineModel {
  readonly inputs: readonly TensorInfo[];
  readonly outputs: readonly TensorInfo[];
  /**
   * Runs the model once, synchronously: one float32 buffer per input in the inputs' order with the given concrete
   * shapes; returns one buffer per output in the outputs' order.
   */
  run(inputs: readonly Float32Array[], shapes: readonly (readonly number[])[]): Float32Array[];
  /** Frees the engine's resources for this model. */
  dispose(): void;
}

/** What a host provides to run neural networks. */
export interface NeuralNetworkEngine {
  /** The engine's name for messages (`onnxruntime-node 1.30.0`). */
  readonly name: string;
  /** Opens a model from its file's bytes; throws (with the engine's reason) when the bytes are not a model. */
  open(model: Uint8Array): EngineModel;
}
