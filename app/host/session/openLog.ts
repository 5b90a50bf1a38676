/**
 * @file File → Open log: replays a file through the console's own `sl` (the one way logs are opened), under a
 * robot name made from the file's name, and turns what `sl` printed into an error when no replay came of it. A
 * folder (the logs of one game, `npm run sim -- --record <dir>`) is opened with `sml`, as one game.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ConsoleController } from '../console/ConsoleController';
import { isMcapFile } from '../log/McapFrameSource';
import { keepPrepared, openFrameSourceInSlices } from '../log/openInSlices';

/** Longest robot name made from a file name. */
const MAX_NAME = 32;

/** A robot name from a log's file name: letters, digits and `_`, not one a non-replay robot already has. */
export function logRobotName(file: string, taken: (name: string) => boolean): string {
  const stem = path
    .basename(file, path.extname(file))
    .replace(/[^A-Za-z0-9_]/g, '_')
    .slice(0, MAX_NAME);
  const base = /^[A-Za-z_]/.test(stem) ? stem : `log_${stem}`;
  let name = base;
  for (let i = 2; taken(name); i++) name = `${base}_${i}`;
  return name;
}

/**
 * Throws unless `file` is a recording with frames. `sl` replays whatever it is given (a damaged log still shows
 * what it has); a menu that opens a file by mistake should say so instead. The file is read in slices (the host
 * keeps answering meanwhile); an MCAP source read so is kept for `sl`, and the index this first read writes
 * beside a log makes `sl`'s own read fast.
 */
async function checkHasFrames(file: string): Promise<void> {
  let frames: number;
  try {
    let source;
    try {
      source = await openFrameSourceInSlices(file, { writeIndex: true });
    } catch (e) {
      if (isMcapFile(file)) throw e; // nothing is written to an MCAP file: the error is the file's
      source = await openFrameSourceInSlices(file); // a read-only folder: no index, the same check
    }
    frames = source.frameCount;
    if (frames > 0 && source.format === 'MCAP') keepPrepared(file, source);
    else source.close();
  } catch (e) {
    throw new Error(`Cannot open log ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (frames === 0) throw new Error(`Cannot open log ${file}: no frames in it (not a B-Human log or MCAP export?)`);
}

/** Opens `file` with `sl`; resolves with the replayed robot's name or rejects with what went wrong. */
export async function openLog(
  controller: ConsoleController,
  file: string,
  isReplay: (name: string) => boolean,
): Promise<string> {
  if (/["\r\n]/.test(file)) throw new Error(`Cannot open log ${file}: the path holds a quote or a line break`);
  if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) return openGame(controller, file, isReplay);
  await checkHasFrames(file);
  const name = logRobotName(file, (n) => controller.robotConsole(n) !== undefined && !isReplay(n));
  const printed: string[] = [];
  // The controller's own lines only: robots (other replays among them) go on printing while `sl` finishes.
  const off = controller.on('output', (o) => (o.robot === undefined ? printed.push(o.text) : undefined));
  try {
    controller.execute(`sl ${name} "${file}"`);
    await controller.settled(); // an MCAP file not kept ahead is read in slices
  } finally {
    off();
  }
  const error = printed.find((line) => /error/i.test(line));
  if (error || !isReplay(name)) throw new Error(error ?? `Cannot open log ${file}`);
  return name;
}

/** Opens the logs of folder `dir` with `sml` as one game; resolves with the name of its first replayed robot. */
async function openGame(
  controller: ConsoleController,
  dir: string,
  isReplay: (name: string) => boolean,
): Promise<string> {
  const logs = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .sort();
  if (logs.length === 0) throw new Error(`Cannot open ${dir}: no logs in it`);
  const printed: string[] = [];
  const off = controller.on('output', (o) => (o.robot === undefined ? printed.push(o.text) : undefined));
  try {
    controller.execute(`sml "${dir}"`);
    await controller.settled();
  } finally {
    off();
  }
  // sml names each robot after its file (the game recording is no robot).
  const robot = logs.map((f) => f.slice(0, -4).replace(/[^A-Za-z0-9_]/g, '_')).find(isReplay);
  const error = printed.find((line) => /error/i.test(line));
  if (error || robot === undefined) throw new Error(error ?? `Cannot open the logs of ${dir}`);
  return robot;
}
