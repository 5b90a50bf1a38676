/**
 * @file `npm run eval:whistle -- [--seed N] [--per-band N] [--noise-minutes N] [--json file] [--svg file]
 * [--config dir]`: measures the WhistleDetector on the synthesized set (app/host/perception/whistleDataset.ts):
 * recall per SNR band from −5 to 20 dB and false whistles per 10 minutes of noise, for the physical model alone,
 * the network alone and the fusion, with the config tree's network (if it has one) and B-Human's from the shared
 * corpus, side by side. --svg writes the recall plot that docs/whistle.md shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configNeuralNetworks, type NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { WhistleDetectorParameters } from '@robot-runtime/modules/Modeling/WhistleDetector/parameters';
import { WHISTLE_NET_SPEC, whistleNetFile } from '@robot-runtime/modules/Modeling/WhistleDetector/WhistleDetector';
import { DEFAULT_CONFIG_ROOT } from '@app/simulator/simulation/robotConfig';
import {
  FULL_SET,
  detectorVariants,
  evaluateWhistles,
  formatWhistleEvaluation,
  type WhistleDetectorUnderTest,
} from '../perception/evaluateWhistles';
import { whistleRecallSvg } from '../perception/whistleRecallSvg';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(FULL_SET.seed) },
    'per-band': { type: 'string', default: String(FULL_SET.whistlesPerBand) },
    'noise-minutes': { type: 'string', default: String(FULL_SET.noiseMinutes) },
    json: { type: 'string' },
    svg: { type: 'string' },
    config: { type: 'string', default: DEFAULT_CONFIG_ROOT },
  },
});
const engine = new OnnxEngine();
const params = WhistleDetectorParameters.defaultValue();
const sources: Record<string, NeuralNetworks> = {
  Pitchside: configNeuralNetworks({ engine, fs: new NodeFileSystem(values.config), dirs: [''] }),
};
const corpus = path.resolve(DEFAULT_CONFIG_ROOT, '../../shared/corpus/bhuman/Config');
if (fs.existsSync(corpus))
  sources['B-Human'] = configNeuralNetworks({ engine, fs: new NodeFileSystem(corpus), dirs: [''] });
else process.stdout.write(`B-Human's networks not found at ${corpus}\n`);

/** Pitchside's own network is WhistleNet.onnx; B-Human's is named by its whistleDetector.cfg. */
const files: Record<string, string> = {
  Pitchside: 'WhistleNet.onnx',
  'B-Human': whistleNetFile(params.whistleNetPath).file,
};
const detectors: WhistleDetectorUnderTest[] = [];
for (const [name, networks] of Object.entries(sources)) {
  let run: ((d: Float32Array) => number) | undefined;
  try {
    const net = networks.load('WhistleDetector', files[name]!, WHISTLE_NET_SPEC);
    run = (d) => net.run([d])[0]![0]!;
  } catch (e) {
    process.stdout.write(`${name}: ${(e as Error).message}\n`);
    continue;
  }
  const variants = detectorVariants(params, run, name);
  // The physical model alone does not depend on the network: evaluate it once.
  detectors.push(...(detectors.some((d) => d.name === 'physical model') ? variants.slice(1) : variants));
}
if (!detectors.length) detectors.push(...detectorVariants(params, undefined, ''));

const start = performance.now();
const set = {
  ...FULL_SET,
  seed: Number(values.seed),
  whistlesPerBand: Number(values['per-band']),
  noiseMinutes: Number(values['noise-minutes']),
};
const results = evaluateWhistles(set, detectors, (line) =>
  process.stdout.write(`${((performance.now() - start) / 1000).toFixed(0)} s: ${line}\n`),
);
process.stdout.write(`${formatWhistleEvaluation(results)}\n`);
process.stdout.write(
  `${set.whistlesPerBand} whistles per band, ${set.noiseMinutes} min of noise (seed ${set.seed}), ` +
    `${((performance.now() - start) / 1000).toFixed(0)} s\n`,
);
if (values.json) fs.writeFileSync(values.json, JSON.stringify(results, null, 2));
if (values.svg) fs.writeFileSync(values.svg, whistleRecallSvg(results));
