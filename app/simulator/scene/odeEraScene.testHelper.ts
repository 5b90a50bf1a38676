/**
 * @file For tests: a real ODE-era scene (`.ros2`), so that the warnings about its ignored constructs can be
 * followed to where the user sees them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');

/**
 * Writes `OdeEra.ros2` into `dir`: the repository's GameFast scene with its includes by absolute path and ODE-only
 * solver attributes (`CFM`, `ERP`) on its Scene, which a `.ros2` scene accepts with one warning each.
 */
export function writeOdeEraScene(dir: string): string {
  const text = readFileSync(path.join(scenes, 'GameFast.ros3'), 'utf8')
    .replace(/href="([^"]+)"/g, (_, href: string) => `href="${path.join(scenes, href)}"`)
    .replace('<Scene name="RoboCup"', '<Scene name="RoboCup" CFM="0.001" ERP="0.2"');
  const file = path.join(dir, 'OdeEra.ros2');
  writeFileSync(file, text);
  return file;
}
