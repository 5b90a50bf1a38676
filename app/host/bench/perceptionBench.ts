/**
 * @file Benchmark of image perception: BallAndPenaltyMarkPerceptor (spots, patches, network) per image pair of
 * the NAO's cameras (640×480 upper + 320×240 lower) on rendered game situations with the SPL ball, with
 * Pitchside's network against B-Human's on the same images; and one network run per patch through the runtime's
 * synchronous engine against onnxruntime-node's public promise-based `InferenceSession.run`, the choice step 1
 * of the perception issue asked to measure.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { configNeuralNetworks, type NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import {
  BallAndPenaltyMarkPerceptor,
  MULTIHEAD_SPEC,
} from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/BallAndPenaltyMarkPerceptor';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { BallPercept } from '@robot-runtime/representations/Perception/BallPercept';
import { PenaltyMarkPercept } from '@robot-runtime/representations/Perception/PenaltyMarkPercept';
import { loadScene } from '../../simulator/scene/loadScene';
import { textureImage } from '../../simulator/scene/textureImage';
import { DEFAULT_CONFIG_ROOT } from '../../simulator/simulation/robotConfig';
import { BALL_TEXTURE_FILE } from '../images/ballTexture';
import { renderSituation, type RenderedSituation } from '../perception/renderSituation';
import { situationMaker, type Situation } from '../perception/situations';
import type { BenchRow } from './BenchRow';

/** Image pairs measured. */
const PAIRS = 40;
const MULTIHEAD = 'NeuralNets/BallAndPenaltyMarkPerceptor/multihead.onnx';
const CORPUS = path.resolve(DEFAULT_CONFIG_ROOT, '../../shared/corpus/bhuman/Config');

/** Rendered upper and lower images of game situations (each with a ball in view where it could be placed). */
function imagePairs(): { upper: [Situation, RenderedSituation][]; lower: [Situation, RenderedSituation][] } {
  const next = situationMaker(loadScene('scenes/Game.ros3'), textureImage(BALL_TEXTURE_FILE)!, 4242);
  const random = new SeededRandom(4242);
  const upper: [Situation, RenderedSituation][] = [],
    lower: [Situation, RenderedSituation][] = [];
  while (upper.length < PAIRS || lower.length < PAIRS) {
    const s = next();
    const list = s.camera === 'upper' ? upper : lower;
    if (list.length < PAIRS) list.push([s, renderSituation(s, random)]);
  }
  return { upper, lower };
}

/** Mean CPU time (ms) of the module per pair, after one warm-up pass. */
function perceptionPerPair(networks: NeuralNetworks, pairs: ReturnType<typeof imagePairs>): number {
  const modules = new Map<string, ReturnType<typeof createModuleForTest>>();
  let timestamp = 0;
  const run = (s: Situation, r: RenderedSituation): void => {
    const the = modules.get(s.camera)?.the ?? {};
    Object.assign(the, {
      CameraImage: {
        ...CameraImage.defaultValue(),
        width: r.image.width / 2,
        height: r.image.height,
        image: r.image.image,
        timestamp: ++timestamp,
      },
      CameraMatrix: { ...s.cameraMatrix, isValid: true },
      CameraInfo: r.cameraInfo,
      FieldDimensions: FieldDimensions.defaultValue(),
    });
    let m = modules.get(s.camera);
    if (!m) modules.set(s.camera, (m = createModuleForTest(BallAndPenaltyMarkPerceptor, { the, networks })));
    m.update.BallPercept!(BallPercept.defaultValue());
    m.update.PenaltyMarkPercept!(PenaltyMarkPercept.defaultValue());
  };
  // CPU time of this process (the perception runs on this thread only): other processes on the machine do not
  // inflate it as they inflate wall time. Pairs are too short for the CPU clock, so the second pass is timed whole.
  for (const i of pairs.upper.keys()) {
    run(...pairs.upper[i]!);
    run(...pairs.lower[i]!);
  }
  const start = process.cpuUsage();
  for (const i of pairs.upper.keys()) {
    run(...pairs.upper[i]!);
    run(...pairs.lower[i]!);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / PAIRS;
}

/** Median µs of one network run on a patch: synchronous engine vs awaited InferenceSession.run. */
async function patchRuns(configRoot: string): Promise<{ sync: number; async: number }> {
  const engine = new OnnxEngine();
  const net = configNeuralNetworks({ engine, fs: new NodeFileSystem(configRoot), dirs: [''] }).load(
    'BallAndPenaltyMarkPerceptor',
    'multihead.onnx',
    MULTIHEAD_SPEC,
  );
  const input = new Float32Array(32 * 32).fill(100);
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  const sync: number[] = [];
  for (let i = 0; i < 600; i++) {
    const start = performance.now();
    net.run([input]);
    if (i >= 100) sync.push((performance.now() - start) * 1000);
  }
  const session = await ort.InferenceSession.create(path.join(configRoot, MULTIHEAD), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  const asyncTimes: number[] = [];
  for (let i = 0; i < 600; i++) {
    const start = performance.now();
    await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 32, 32, 1]) });
    if (i >= 100) asyncTimes.push((performance.now() - start) * 1000);
  }
  await session.release();
  return { sync: median(sync), async: median(asyncTimes) };
}

/** The perception rows. */
export async function runPerceptionBench(): Promise<BenchRow[]> {
  const engine = new OnnxEngine();
  const pitchside = configNeuralNetworks({ engine, fs: new NodeFileSystem(DEFAULT_CONFIG_ROOT), dirs: [''] });
  const pairs = imagePairs();
  const rows: BenchRow[] = [];
  const hasCorpus = fs.existsSync(path.join(CORPUS, MULTIHEAD));
  const bhuman = hasCorpus ? configNeuralNetworks({ engine, fs: new NodeFileSystem(CORPUS), dirs: [''] }) : undefined;
  rows.push({
    group: 'perception',
    name: 'ball + penalty marks per image pair (640×480 + 320×240), Pitchside network, one core',
    value: perceptionPerPair(pitchside, pairs),
    unit: 'ms',
    ...(bhuman ? { baseline: { name: "B-Human's network", value: perceptionPerPair(bhuman, pairs) } } : {}),
    goal: '≤ 2 (with robots and boundary)',
  });
  const runs = await patchRuns(DEFAULT_CONFIG_ROOT);
  rows.push({
    group: 'perception',
    name: 'ball network run per patch, synchronous native session',
    value: runs.sync,
    unit: 'µs',
    baseline: { name: 'awaited InferenceSession.run', value: runs.async },
  });
  return rows;
}
