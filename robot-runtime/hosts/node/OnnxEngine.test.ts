/**
 * Networks through the config search path on the real engine (ONNX Runtime): B-Human's corpus networks load and
 * run; a missing, malformed, truncated, oversized-by-shape or wrong-shaped file is a NeuralNetworkError naming the
 * file and the expected shapes. The bad files are made here from real ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import {
  NeuralNetworkError,
  configNeuralNetworks,
  timedNetworks,
  type NetworkSpec,
} from '../../core/neuralNetworks/NeuralNetworks';
import { NodeFileSystem } from './NodeFileSystem';
import { OnnxEngine } from './OnnxEngine';

const CORPUS_CONFIG = sharedCorpus('bhuman', 'Config');
const MULTIHEAD = 'NeuralNets/BallAndPenaltyMarkPerceptor/multihead.onnx';
const BALL: NetworkSpec = { inputs: [[1, 32, 32, 1]], outputs: [[1, 6]] };

const engine = new OnnxEngine();
const corpus = configNeuralNetworks({ engine, fs: new NodeFileSystem(CORPUS_CONFIG), dirs: [''] });

/** A config tree in a temporary folder with `files` (config-relative path -> bytes). */
function tree(files: Record<string, Uint8Array>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-nets-'));
  for (const [file, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), bytes);
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

const corpusBytes = (file: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(CORPUS_CONFIG, file)));

/** The error `load` throws for a tree holding `bytes` as the ball network. */
function loadError(bytes: Uint8Array | undefined, spec = BALL): Error {
  const root = tree(bytes ? { [MULTIHEAD]: bytes } : {});
  const networks = configNeuralNetworks({ engine, fs: new NodeFileSystem(root), dirs: ['Locations/Hall', ''] });
  try {
    networks.load('BallAndPenaltyMarkPerceptor', 'multihead.onnx', spec);
  } catch (e) {
    return e as Error;
  }
  throw new Error('loading did not fail');
}

describe('OnnxEngine with configNeuralNetworks', () => {
  it("runs B-Human's ball network synchronously: a grey patch is neither ball nor penalty mark", () => {
    const net = corpus.load('BallAndPenaltyMarkPerceptor', 'multihead.onnx', BALL);
    expect(net.path).toBe(MULTIHEAD);
    const [out] = net.run([new Float32Array(32 * 32).fill(128)]);
    expect(out).toHaveLength(6);
    // Softmax over the first three values: they sum to 1 and "no object" wins.
    expect(out![0]! + out![1]! + out![2]!).toBeCloseTo(1, 4);
    expect(out![0]).toBeGreaterThan(0.9);
  });

  it("loads B-Human's other image networks with their shapes (a symbolic batch size fits a concrete one)", () => {
    const boundary = corpus.load('FieldBoundary', 'net.onnx', { inputs: [[1, 30, 40, 3]], outputs: [[1, 40]] });
    expect(boundary.run([new Float32Array(30 * 40 * 3).fill(100)])[0]).toHaveLength(40);
    const robots = corpus.load('RobotDetector', '4_anchor_boxes_model_no_activation_20230629-220730.onnx', {
      inputs: [[1, 60, 80, 3]],
      outputs: [[1, 8, 10, 4, 5]],
    });
    expect(robots.run([new Float32Array(60 * 80 * 3)])[0]).toHaveLength(8 * 10 * 4 * 5);
  });

  it('finds the most specific file on the search path first', () => {
    const root = tree({
      [`Locations/Hall/${MULTIHEAD}`]: corpusBytes(MULTIHEAD),
      [MULTIHEAD]: new Uint8Array([1, 2, 3]),
    });
    const networks = configNeuralNetworks({ engine, fs: new NodeFileSystem(root), dirs: ['Locations/Hall', ''] });
    expect(networks.load('BallAndPenaltyMarkPerceptor', 'multihead.onnx', BALL).path).toBe(
      `Locations/Hall/${MULTIHEAD}`,
    );
  });

  it('a missing file names the file and the expected shapes', () => {
    const error = loadError(undefined);
    expect(error).toBeInstanceOf(NeuralNetworkError);
    expect(error.message).toBe(
      `${MULTIHEAD}: not found on the config search path; expected inputs [1,32,32,1] and outputs [1,6] (float32)`,
    );
  });

  it('a malformed file is a clear error, not a crash', () => {
    const error = loadError(new TextEncoder().encode('this is not an ONNX model at all'));
    expect(error).toBeInstanceOf(NeuralNetworkError);
    expect(error.message).toMatch(/^NeuralNets\/BallAndPenaltyMarkPerceptor\/multihead\.onnx: .* is not a model /);
    expect(error.message).toContain('protobuf parsing failed');
    expect(error.message).toContain('expected inputs [1,32,32,1] and outputs [1,6]');
  });

  it('a truncated file (the first half, and all but the last 10 bytes) is a clear error', () => {
    const bytes = corpusBytes(MULTIHEAD);
    for (const cut of [bytes.subarray(0, bytes.length >> 1), bytes.subarray(0, bytes.length - 10)]) {
      const error = loadError(cut);
      expect(error).toBeInstanceOf(NeuralNetworkError);
      expect(error.message).toContain(`${MULTIHEAD} is not a model onnxruntime-node`);
      expect(error.message).toContain('expected inputs [1,32,32,1] and outputs [1,6]');
    }
  });

  it('an empty file is a clear error', () => {
    expect(loadError(new Uint8Array(0)).message).toContain(`${MULTIHEAD} is empty`);
  });

  it('a wrong-shaped network (the field boundary network in the ball network’s place) says what does not fit', () => {
    const error = loadError(corpusBytes('NeuralNets/FieldBoundary/net.onnx'));
    expect(error).toBeInstanceOf(NeuralNetworkError);
    expect(error.message).toBe(
      `${MULTIHEAD}: ${MULTIHEAD} does not fit: input 'input' is float32 [unk__604,30,40,3], not float32 ` +
        `[1,32,32,1]; output 'flatten' is float32 [unk__605,40], not float32 [1,6]; expected inputs [1,32,32,1] ` +
        'and outputs [1,6] (float32)',
    );
  });

  it('a run with a buffer of the wrong size is an error naming the shapes', () => {
    const net = corpus.load('BallAndPenaltyMarkPerceptor', 'multihead.onnx', BALL);
    expect(() => net.run([new Float32Array(10)])).toThrow(
      `${MULTIHEAD}: run with 1 inputs of 10 values; expected inputs [1,32,32,1] and outputs [1,6] (float32)`,
    );
  });

  it('timed networks report each run to a stopwatch named after the file', () => {
    const watched: string[] = [];
    const timed = timedNetworks(corpus, (name, fn) => {
      watched.push(name);
      return fn();
    });
    const net = timed.load('BallAndPenaltyMarkPerceptor', 'multihead.onnx', BALL);
    net.run([new Float32Array(1024)]);
    net.run([new Float32Array(1024)]);
    expect(watched).toEqual([MULTIHEAD, MULTIHEAD]);
  });
});
