/**
 * @file Benchmark of hearing the whistle, the cost every simulated robot pays per second of simulated time: the
 * WhistleDetector module's CPU time per second of 48 kHz audio (two channels, frames of 2048 samples as the Audio
 * thread gets them) with the physical model alone, Pitchside's network and B-Human's, on noise alone and on noise
 * with a whistle every 4 s; and the simulated microphones (SimulatedAudio.hear) per robot and second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configNeuralNetworks, type NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { WhistleDetector } from '@robot-runtime/modules/Modeling/WhistleDetector/WhistleDetector';
import { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { SimulatedAudio } from '../../simulator/audio/SimulatedAudio';
import { AUDIO_SAMPLE_RATE } from '../../simulator/audio/whistleSound';
import { DEFAULT_CONFIG_ROOT } from '../../simulator/simulation/robotConfig';
import { noiseBank, noiseStream, whistleStream } from '../perception/whistleDataset';
import type { BenchRow } from './BenchRow';

const SECONDS = 40;
const FRAME = 2048;
const CORPUS = path.resolve(DEFAULT_CONFIG_ROOT, '../../shared/corpus/bhuman/Config');

/** CPU ms of the module per second of `mono` audio, given to it as two equal channels. */
function detectorMsPerSecond(mono: Float32Array, networks: NeuralNetworks, whistleNetPath: string, nnWeight: number) {
  const the = {
    FrameInfo: { time: 0 },
    AudioData: { channels: 2, sampleRate: AUDIO_SAMPLE_RATE, samples: [] as number[] },
  };
  const { update } = createModuleForTest(WhistleDetector, { the, networks, params: { whistleNetPath, nnWeight } });
  const whistle = Whistle.defaultValue();
  const frames: number[][] = [];
  for (let end = FRAME; end <= mono.length; end += FRAME) {
    const block = new Array<number>(2 * FRAME);
    for (let i = 0; i < FRAME; i++) block[2 * i] = block[2 * i + 1] = mono[end - FRAME + i]!;
    frames.push(block);
  }
  const start = performance.now();
  frames.forEach((samples, k) => {
    the.FrameInfo.time = Math.round(((k + 1) * FRAME * 1000) / AUDIO_SAMPLE_RATE);
    the.AudioData.samples = samples;
    update.Whistle!(whistle);
  });
  return (performance.now() - start) / (mono.length / AUDIO_SAMPLE_RATE);
}

/** Runs the whistle benchmark. */
export async function runWhistleBench(): Promise<BenchRow[]> {
  const bank = noiseBank(7, 10, 1);
  const random = new SeededRandom(7);
  const noise = noiseStream(bank, random, SECONDS);
  const whistles = whistleStream(bank, random, 5, SECONDS / 4).samples;
  const engine = new OnnxEngine();
  const sources: [string, NeuralNetworks, string][] = [
    [
      'Pitchside',
      configNeuralNetworks({ engine, fs: new NodeFileSystem(DEFAULT_CONFIG_ROOT), dirs: [''] }),
      'NeuralNets/WhistleDetector/WhistleNet.onnx',
    ],
  ];
  if (fs.existsSync(CORPUS))
    sources.push([
      'B-Human',
      configNeuralNetworks({ engine, fs: new NodeFileSystem(CORPUS), dirs: [''] }),
      'NeuralNets/WhistleDetector/WhistleNetMk16.onnx',
    ]);
  const rows: BenchRow[] = [];
  for (const [audio, samples] of [
    ['noise', noise],
    ['whistles in noise', whistles],
  ] as const) {
    const pm = detectorMsPerSecond(samples, sources[0]![1], sources[0]![2], 0);
    rows.push({
      group: 'whistle',
      name: `WhistleDetector, physical model, ${audio}`,
      value: pm,
      unit: 'ms per s of audio',
    });
    for (const [name, networks, file] of sources)
      rows.push({
        group: 'whistle',
        name: `WhistleDetector, ${name} fusion, ${audio}`,
        value: detectorMsPerSecond(samples, networks, file, 0.8),
        unit: 'ms per s of audio',
        baseline: { name: 'physical model', value: pm },
      });
  }
  const sound = new SimulatedAudio(3, 6000);
  sound.blow(1000, 'kickOff');
  for (let t = 0; t < 4000; t += 42) sound.hear('warm-up', 0, { x: 0, y: 0 }, t); // the noise loop is made once
  const start = performance.now();
  const robots = 14;
  for (let r = 0; r < robots; r++)
    for (let t = 0; t <= SECONDS * 1000; t += 1000 * (FRAME / AUDIO_SAMPLE_RATE))
      sound.hear(`robot${r}`, r, { x: 100 * r, y: 0 }, t);
  rows.push({
    group: 'whistle',
    name: 'simulated microphones (SimulatedAudio.hear), per robot',
    value: (performance.now() - start) / (SECONDS * robots),
    unit: 'ms per s of audio',
  });
  return rows;
}
