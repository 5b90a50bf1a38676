/**
 * @file Pitchside's SPL ball texture (app/simulator/scene/splBallTexture.ts) as the PNG file
 * scenes/Textures/splBall.png, where scenes/Includes/Ball.rsi3 takes it from. The PNG is generated, never edited by
 * hand: `npm run texture:ball` (cli/ballTexture.ts) writes it, and ballTexture.test.ts checks that the file in the
 * repository is what it writes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splBallTexture } from '@app/simulator/scene/splBallTexture';
import { rgbaToPng } from './png';

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
