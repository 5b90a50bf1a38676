/**
 * @file `npm run data:perception -- [--seed N] [--images N] [--out file]`: renders labelled patches for the ball
 * network (app/host/perception/patchDataset.ts) from random situations of the default scene's field and NAO
 * cameras with the SPL ball. Training (tools/training/trainBallNetwork.py) reads the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { loadScene } from '@app/simulator/scene/loadScene';
import { textureImage } from '@app/simulator/scene/textureImage';
import { addSituationPatches, PatchWriter } from '../perception/patchDataset';
import { renderSituation } from '../perception/renderSituation';
import { situationMaker } from '../perception/situations';
import { BALL_TEXTURE_FILE } from '../images/ballTexture';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    images: { type: 'string', default: '8000' },
    out: { type: 'string', default: 'build/perception/train.bin' },
  },
});
const seed = Number(values.seed),
  images = Number(values.images);
const model = loadScene('scenes/Game.ros3');
const next = situationMaker(model, textureImage(BALL_TEXTURE_FILE)!, seed);
const random = new SeededRandom(seed * 7919 + 1);
const writer = new PatchWriter();
const start = performance.now();
for (let i = 0; i < images; i++) {
  const situation = next();
  addSituationPatches(writer, situation, renderSituation(situation, random), random);
  if ((i + 1) % 500 === 0)
    process.stdout.write(`${i + 1} images, ${writer.count} patches ${JSON.stringify(writer.counts)}\n`);
}
fs.mkdirSync(path.dirname(values.out), { recursive: true });
fs.writeFileSync(values.out, writer.bytes());
process.stdout.write(
  `wrote ${values.out}: ${writer.count} patches (none, penalty mark, ball: ${writer.counts.join(', ')}) from ` +
    `${images} images in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
);
