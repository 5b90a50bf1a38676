/**
 * Whistle networks as the WhistleDetector loads them from the config search path, on ONNX Runtime: B-Human's
 * WhistleNetMk16 and Pitchside's WhistleNet fit the module's shapes and tell a synthesized whistle from noise; a
 * network of other shapes, a truncated file and bytes that are no model are refused with an error that names
 * the file and the shapes expected, and the module then says so once and decides with the physical model alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { configNeuralNetworks, NeuralNetworkError } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { WHISTLE_NET_SPEC, WhistleDetector } from '@robot-runtime/modules/Modeling/WhistleDetector/WhistleDetector';
import { FFT_SIZE, WhistleSpectrum } from '@robot-runtime/modules/Modeling/WhistleDetector/whistleSpectrum';
import { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { noiseSource } from '@app/simulator/audio/noise';
import { randomWhistleShape, synthesizeWhistle } from '@app/simulator/audio/whistleSound';
import { DEFAULT_CONFIG_ROOT } from '@app/simulator/simulation/robotConfig';

const CORPUS = sharedCorpus('bhuman', 'Config');
const engine = new OnnxEngine();
const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** A config tree holding `bytes` as NeuralNets/WhistleDetector/WhistleNet.onnx. */
function treeWith(bytes: Uint8Array) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-whistle-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'NeuralNets/WhistleDetector'), { recursive: true });
  fs.writeFileSync(path.join(root, 'NeuralNets/WhistleDetector/WhistleNet.onnx'), bytes);
  return configNeuralNetworks({ engine, fs: new NodeFileSystem(root), dirs: [''] });
}

/** The dB spectrum of 1024 samples from the middle of a whistle (RMS 0.05) in pink noise (RMS 0.01), or of noise. */
function spectrumOf(withWhistle: boolean): Float32Array {
  const random = new SeededRandom(3);
  const noise = noiseSource('pink', random);
  const whistle = synthesizeWhistle({ ...randomWhistleShape(random), fundamental: 3100 }, random);
  const block = Float32Array.from(
    { length: FFT_SIZE },
    (_, i) => noise.next() * 0.01 + (withWhistle ? 0.05 * whistle[10_000 + i]! : 0),
  );
  const spectrum = new WhistleSpectrum();
  spectrum.compute(block, 'hamming', 0.25);
  return Float32Array.from(spectrum.decibels);
}

describe('whistle networks', () => {
  it.each([
    ['B-Human', CORPUS, 'WhistleNetMk16.onnx'],
    ['Pitchside', DEFAULT_CONFIG_ROOT, 'WhistleNet.onnx'],
  ])("%s's fits the module's shapes and tells a whistle from noise", (_name, root, file) => {
    const networks = configNeuralNetworks({ engine, fs: new NodeFileSystem(root), dirs: [''] });
    const net = networks.load('WhistleDetector', file, WHISTLE_NET_SPEC);
    const whistle = net.run([spectrumOf(true)])[0]!;
    const noise = net.run([spectrumOf(false)])[0]!;
    expect(whistle).toHaveLength(1);
    expect(whistle[0]).toBeGreaterThan(0.5);
    expect(noise[0]).toBeLessThan(0.5);
  });

  it('refuses a network of other shapes, a truncated one and bytes that are no model, naming file and shapes', () => {
    const ball = new Uint8Array(
      fs.readFileSync(path.join(CORPUS, 'NeuralNets/BallAndPenaltyMarkPerceptor/multihead.onnx')),
    );
    const whistle = new Uint8Array(
      fs.readFileSync(path.join(CORPUS, 'NeuralNets/WhistleDetector/WhistleNetMk16.onnx')),
    );
    const cases: [Uint8Array, RegExp][] = [
      [ball, /does not fit: input '.*' is float32 \[.*1,32,32,1\], not float32 \[1,513,1\]/],
      [whistle.subarray(0, whistle.length >> 1), /is not a model onnxruntime-node/],
      [new TextEncoder().encode('not a network at all'), /is not a model onnxruntime-node/],
    ];
    for (const [bytes, why] of cases) {
      const load = () => treeWith(bytes).load('WhistleDetector', 'WhistleNet.onnx', WHISTLE_NET_SPEC);
      expect(load).toThrow(NeuralNetworkError);
      expect(load).toThrow(why);
      expect(load).toThrow(
        /NeuralNets\/WhistleDetector\/WhistleNet\.onnx: .*expected inputs \[1,513,1\] and outputs \[1,1\]/,
      );
    }
  });

  it('makes the module say once that the network does not fit, and still listen', () => {
    const ball = new Uint8Array(
      fs.readFileSync(path.join(CORPUS, 'NeuralNets/BallAndPenaltyMarkPerceptor/multihead.onnx')),
    );
    const the = { FrameInfo: { time: 0 }, AudioData: { channels: 1, sampleRate: 48000, samples: [] as number[] } };
    const { update, debug } = createModuleForTest(WhistleDetector, {
      the,
      networks: treeWith(ball),
      params: { whistleNetPath: 'NeuralNets/WhistleDetector/WhistleNet.onnx' },
    });
    const whistle = Whistle.defaultValue();
    const random = new SeededRandom(1);
    for (let k = 1; k <= 30; k++) {
      the.FrameInfo.time = Math.round((k * 2048) / 48);
      the.AudioData.samples = Array.from({ length: 2048 }, () => random.gaussian(0.02));
      update.Whistle!(whistle);
    }
    const texts = debug.calls.filter((c) => c.kind === 'text').map((c) => String(c.args[0]));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/WhistleNet\.onnx.*does not fit.*the physical model decides alone/);
    expect(whistle.channelsUsedForWhistleDetection).toBe(2);
  });
});
