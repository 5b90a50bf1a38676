/**
 * @file Test support: the GameFast 7 vs 7 scene with one robot's cameras rendering small images. The simulator's
 * ray-caster needs tens of milliseconds per full-size image, so a minute of one robot's images at 30 Hz per camera
 * would take minutes; at a few thousand pixels per image the same minute records in seconds. Everything else
 * (field, teams, start script, GameController) is the scene in scenes/, referenced by absolute paths.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The repository's scenes/ folder. */
export const SCENES = new URL('../../../../scenes', import.meta.url).pathname;

/** Camera image sizes of the recorded robot. */
export interface CameraSizes {
  upper: { width: number; height: number };
  lower: { width: number; height: number };
}

/** Relative `href`s and `call`s made absolute, so the copy can live in any folder. */
function absoluteReferences(text: string, dir: string): string {
  return text
    .replace(/href="([^"]+)"/g, (_m, href: string) => `href="${path.resolve(dir, href)}"`)
    .replace(/^call (\S+)/gm, (_m, file: string) => `call ${path.resolve(dir, file)}`);
}

/**
 * Writes `<dir>/Recording.ros3` (+ `.con`, + its robots include): GameFast with `robot`'s cameras set to `sizes`.
 * Returns the scene file.
 */
export function writeRecordingScene(dir: string, robot: string, sizes: CameraSizes): string {
  const includes = path.join(SCENES, 'Includes');
  const teams = absoluteReferences(fs.readFileSync(path.join(includes, '7vs7.rsi3'), 'utf8'), includes);
  const body = `<Body ref="Nao" name="${robot}">`;
  if (!teams.includes(body)) throw new Error(`7vs7.rsi3 has no robot ${robot}`);
  // A Set in the referencing Body wins over the macro's (as TeamColor does), so only this robot changes.
  const sets = [
    ['UpperImageWidth', sizes.upper.width],
    ['UpperImageHeight', sizes.upper.height],
    ['LowerImageWidth', sizes.lower.width],
    ['LowerImageHeight', sizes.lower.height],
  ]
    .map(([name, value]) => `<Set name="${name}" value="${value}"/>`)
    .join('');
  fs.writeFileSync(path.join(dir, 'RecordingRobots.rsi3'), teams.replace(body, body + sets));
  const scene = absoluteReferences(fs.readFileSync(path.join(SCENES, 'GameFast.ros3'), 'utf8'), SCENES).replace(
    path.join(includes, '7vs7.rsi3'),
    path.join(dir, 'RecordingRobots.rsi3'),
  );
  fs.writeFileSync(path.join(dir, 'Recording.ros3'), scene);
  fs.writeFileSync(
    path.join(dir, 'Recording.con'),
    absoluteReferences(fs.readFileSync(path.join(SCENES, 'GameFast.con'), 'utf8'), SCENES),
  );
  return path.join(dir, 'Recording.ros3');
}
