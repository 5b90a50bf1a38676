/**
 * @file `npm run texture:ball`: writes Pitchside's SPL ball texture to scenes/Textures/splBall.png (what the file
 * holds and why it is generated: images/ballTexture.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { BALL_TEXTURE_FILE, ballTexturePng } from '../images/ballTexture';

fs.mkdirSync(path.dirname(BALL_TEXTURE_FILE), { recursive: true });
fs.writeFileSync(BALL_TEXTURE_FILE, ballTexturePng());
process.stdout.write(`wrote ${BALL_TEXTURE_FILE}\n`);
