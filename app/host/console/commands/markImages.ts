/**
 * @file `mark`: marks balls, penalty marks and robots in the camera image a robot sent last (a replayed log's, a
 * live or simulated robot's), and saves what was marked as a data set the ball network's training reads
 * (app/host/perception/markedImages.ts). The Image view's marking tools type these lines; typed by hand they do the
 * same. Each image is kept (a copy of its pixels) the first time something is marked in it, at most
 * MAX_MARKED_IMAGES per console; `mark save <name>` writes `Datasets/<name>.patches` and `<name>.json` under the
 * config folder (or where an absolute name says).
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import { MAX_MARKED_IMAGES, markedDataSet, type ImageMark, type MarkedImage } from '../../perception/markedImages';
import { configFilePath } from '../files';
import { latestCameraImage } from './saveImage';
import { CommandError, CommandSyntaxError, type CommandConsole, type RobotCommand } from './types';

const MARK_USAGE =
  'mark ball <x> <y> <radius> | penaltyMark <x> <y> <radius> | robot <x1> <y1> <x2> <y2> | undo | clear | list | save <name>';

/** The images each console has marked, in marking order. */
const marked = new WeakMap<CommandConsole, MarkedImage[]>();

/** Numbers of a mark, checked to be finite and inside the image (radii and boxes positive). */
function numbers(words: readonly string[], count: number): number[] {
  const values = words.map(Number);
  if (words.length !== count || values.some((v) => !Number.isFinite(v))) throw new CommandSyntaxError(MARK_USAGE);
  return values;
}

/** The mark the words describe, checked against the image's size. */
function parseMark(kind: string, words: readonly string[], width: number, height: number): ImageMark {
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x <= width && y <= height;
  if (kind === 'robot') {
    const [a, b, c, d] = numbers(words, 4) as [number, number, number, number];
    const box = { kind, x1: Math.min(a, c), y1: Math.min(b, d), x2: Math.max(a, c), y2: Math.max(b, d) } as const;
    if (!inside(box.x1, box.y1) || !inside(box.x2, box.y2) || box.x2 - box.x1 < 2 || box.y2 - box.y1 < 2)
      throw new CommandError(`Error: a robot's box must lie in the ${width}×${height} image and be 2 pixels or more`);
    return box;
  }
  const [x, y, radius] = numbers(words, 3) as [number, number, number];
  if (!inside(x, y) || radius < 1 || radius > Math.max(width, height))
    throw new CommandError(`Error: the centre must lie in the ${width}×${height} image and the radius be 1 or more`);
  return { kind: kind as 'ball' | 'penaltyMark', x, y, radius };
}

/** What one mark says in the console. */
function describe(m: ImageMark): string {
  const r = (v: number) => Math.round(v * 10) / 10;
  return m.kind === 'robot'
    ? `robot (${r(m.x1)}, ${r(m.y1)})–(${r(m.x2)}, ${r(m.y2)})`
    : `${m.kind === 'ball' ? 'ball' : 'penalty mark'} at (${r(m.x)}, ${r(m.y)}) r ${r(m.radius)}`;
}

/** Where `mark save <name>` writes (without the extensions). */
function dataSetPath(configRoot: string, name: string): string {
  return configFilePath(configRoot, 'Datasets', name.replace(/\.(patches|json)$/, ''));
}

/** `mark …`. */
export const markCommand: RobotCommand = {
  name: 'mark',
  scope: 'robot',
  usage: MARK_USAGE,
  summary: 'Mark balls, penalty marks and robots in the current camera image and save them as a training data set.',
  args: { args: [['ball', 'penaltyMark', 'robot', 'undo', 'clear', 'list', 'save']] },
  forable: true,
  run(args, ctx) {
    const { console } = ctx;
    const [kind, ...words] = args.rest().map((t) => t.text);
    const images = marked.get(console) ?? [];
    marked.set(console, images);
    const total = () => images.reduce((n, m) => n + m.marks.length, 0);
    switch (kind) {
      case 'ball':
      case 'penaltyMark':
      case 'robot': {
        const { thread, timestamp, image } = latestCameraImage(ctx);
        const mark = parseMark(kind, words, image.width, image.height);
        let entry = images.find((m) => m.thread === thread && m.timestamp === timestamp);
        if (!entry) {
          if (images.length >= MAX_MARKED_IMAGES)
            throw new CommandError(
              `Error: ${MAX_MARKED_IMAGES} images are marked; save them (mark save <name>) and clear (mark clear) first`,
            );
          // A copy: the console replaces its image with the next one, whose buffer may be reused.
          entry = {
            robot: console.name,
            thread,
            timestamp,
            image: { ...image, image: image.image.slice() },
            marks: [],
          };
          images.push(entry);
        }
        entry.marks.push(mark);
        console.print(
          `marked ${describe(mark)} in the ${thread} image t=${timestamp} ms (${total()} marks in ${images.length} images)`,
        );
        return 'done';
      }
      case 'undo': {
        const last = images.at(-1);
        const mark = last?.marks.pop();
        if (!last || !mark) throw new CommandError(`Error: ${console.name} has no marks`);
        if (last.marks.length === 0) images.pop();
        console.print(`removed ${describe(mark)}`);
        return 'done';
      }
      case 'clear':
        images.length = 0;
        console.print('no marks');
        return 'done';
      case 'list':
        console.print(
          images.length
            ? images.map((m) => `${m.thread} t=${m.timestamp} ms: ${m.marks.map(describe).join(', ')}`).join('\n')
            : `${console.name} has no marks`,
        );
        return 'done';
      case 'save': {
        if (words.length !== 1) throw new CommandSyntaxError(MARK_USAGE);
        if (images.length === 0) throw new CommandError(`Error: ${console.name} has no marks to save`);
        const base = dataSetPath(console.configRoot, words[0]!);
        const set = markedDataSet(images);
        try {
          fs.mkdirSync(nodePath.dirname(base), { recursive: true });
          fs.writeFileSync(`${base}.patches`, set.patches);
          fs.writeFileSync(`${base}.json`, set.listing);
        } catch (error) {
          throw new CommandError(
            `Error: cannot write ${base}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        const [none, marks, balls] = set.counts;
        console.print(
          `Saved ${images.length} marked images of ${console.name} to ${base}.patches (${balls} balls, ${marks} penalty marks, ${none} nothing) and ${base}.json (${set.robots} robot boxes)`,
        );
        return 'done';
      }
      default:
        throw new CommandSyntaxError(MARK_USAGE);
    }
  },
};
