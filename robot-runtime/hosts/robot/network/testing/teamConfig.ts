/**
 * @file A robot configuration for team communication tests: a temporary copy of the repository's config folder with
 * the settings a test needs, and TeamMessageHandler on the bit-packed codec the network host translates.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoConfig = path.resolve(import.meta.dirname, '../../../../../config');

/** Copies the config folder and sets the given settings.cfg values; returns the copy's path. */
export function teamTestConfig(settings: { teamNumber?: number; playerNumber?: number; magicNumber?: number }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-team-'));
  fs.cpSync(repoConfig, dir, { recursive: true });
  const file = path.join(dir, 'settings.cfg');
  let text = fs.readFileSync(file, 'utf8');
  for (const [key, value] of Object.entries(settings))
    text = text.replace(new RegExp(`${key} = -?\\d+;`), `${key} = ${value};`);
  fs.writeFileSync(file, text);
  const handler = path.join(dir, 'Scenarios/Default/teamMessageHandler.cfg');
  fs.writeFileSync(handler, fs.readFileSync(handler, 'utf8').replace(/codec = \w+;/, 'codec = bitPacked;'));
  return dir;
}
