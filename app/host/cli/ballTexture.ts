/**
 * @file `npm run texture:ball`: writes Pitchside's SPL ball texture (app/simulator/scene/splBallTexture.ts) to
 * scenes/Textures/splBall.png, where scenes/Includes/Ball.rsi3 takes it from. The PNG is generated, never edited
 * by hand; splBallTexture.test.ts checks that the file in the repository is what this script writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splBallTexture } from '@app/simulator/scene/splBallTexture';
import { rgbaToPng } from '../images/png';

/** Where the texture lives. */
export const BALL_TEXTURE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../scenes/Textures/splBall.png',
);

/** The texture as PNG bytes. */
export function ballTexturePng(): Uint8Array {
  const t = splBallTexture();
  const rgba = new Uint8Array(t.width * t.height * 4);
  for (let i = 0; i < t.width * t.height; i++) {
    rgba.set(t.rgb.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return rgbaToPng(rgba, t.width, t.height);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.dirname(BALL_TEXTURE_FILE), { recursive: true });
  fs.writeFileSync(BALL_TEXTURE_FILE, ballTexturePng());
  process.stdout.write(`wrote ${BALL_TEXTURE_FILE}\n`);
}
