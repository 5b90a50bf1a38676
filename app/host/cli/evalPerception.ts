/**
 * @file `npm run eval:perception -- [--images N] [--seed N] [--json file] [--config dir] [--pitchside-only]`:
 * evaluates the ball and penalty-mark network of the config tree (Pitchside's; --config: another tree's) and, on
 * the same held-out images, B-Human's network from the shared corpus (app/host/perception/evaluateBallPerception.ts)
 * unless --pitchside-only (quicker while tuning). The held-out seed (default 1001) is never used for
 * training data (`npm run data:perception` uses 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configNeuralNetworks, type NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { DEFAULT_CONFIG_ROOT } from '@app/simulator/simulation/robotConfig';
import { loadScene } from '@app/simulator/scene/loadScene';
import { textureImage } from '@app/simulator/scene/textureImage';
import { evaluateBallPerception, formatBallEvaluation } from '../perception/evaluateBallPerception';
import { BALL_TEXTURE_FILE } from '../images/ballTexture';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1001' },
    json: { type: 'string' },
    config: { type: 'string', default: DEFAULT_CONFIG_ROOT },
    'pitchside-only': { type: 'boolean', default: false },
  },
});
const engine = new OnnxEngine();
const networks: Record<string, NeuralNetworks> = {
  Pitchside: configNeuralNetworks({ engine, fs: new NodeFileSystem(values.config), dirs: [''] }),
};
const corpus = path.resolve(DEFAULT_CONFIG_ROOT, '../../shared/corpus/bhuman/Config');
if (values['pitchside-only']) process.stdout.write("Pitchside's network only\n");
else if (fs.existsSync(corpus))
  networks['B-Human'] = configNeuralNetworks({ engine, fs: new NodeFileSystem(corpus), dirs: [''] });
else process.stdout.write(`B-Human's networks not found at ${corpus}: evaluating Pitchside's only\n`);
const start = performance.now();
const results = evaluateBallPerception(
  loadScene('scenes/Game.ros3'),
  textureImage(BALL_TEXTURE_FILE)!,
  networks,
  Number(values.images),
  Number(values.seed),
);
process.stdout.write(`${formatBallEvaluation(results)}\n`);
process.stdout.write(
  `${values.images} held-out images (seed ${values.seed}), ${((performance.now() - start) / 1000).toFixed(0)} s\n`,
);
if (values.json) fs.writeFileSync(values.json, JSON.stringify(results, null, 2));
