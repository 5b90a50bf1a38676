/** The SPL ball texture in the repository is what `npm run texture:ball` writes, and it decodes as renderers read it. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodePng } from '@app/simulator/scene/textureImage';
import { BALL_TEXTURE_FILE, ballTexturePng } from './ballTexture';

describe('ballTexture', () => {
  it('the committed PNG is the generated one', () => {
    const generated = new Uint8Array(ballTexturePng());
    expect(new Uint8Array(fs.readFileSync(BALL_TEXTURE_FILE))).toEqual(generated);
    const decoded = decodePng(generated)!;
    expect([decoded.width, decoded.height]).toEqual([512, 256]);
  });
});
