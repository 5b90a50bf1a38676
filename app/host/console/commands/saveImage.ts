/**
 * @file `si`: writes the camera image a robot sent last into a file (formats §1.4). SimRobot writes BMP
 * (`raw_image.bmp` by default); a name ending in `.png` gets a PNG instead. Relative names resolve under the
 * config folder's `Images/`. `number` appends a running number per robot console, `reset [<n>]` restarts it.
 * The image is the one the robot streams (`representation:CameraImage`, switched on by `vi CameraImage` or `dr`);
 * a robot that sent none is told so instead of writing an empty file.
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import { decode } from '@robot-runtime/protocol/binary';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { CameraImage, yuyvView, type YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { yuyvToPng, yuyvToRgb } from '../../images/png';
import { configFilePath, hasExtension } from '../files';
import { CommandError, CommandSyntaxError, type CommandConsole, type CommandContext, type RobotCommand } from './types';

const SI_USAGE = 'si reset [<number>] | [number] [grayscale] [<file>]';

/** The next running number of each console (`si number`). */
const counters = new WeakMap<CommandConsole, number>();

/** A 24-bit bottom-up BMP of RGB pixels (3 bytes per pixel, top row first). */
export function rgbToBmp(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const stride = (width * 3 + 3) & ~3;
  const size = 54 + stride * height;
  const out = Buffer.alloc(size);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(size, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * height, 34);
  for (let row = 0; row < height; row++) {
    let o = 54 + (height - 1 - row) * stride;
    for (let x = 0; x < width; x++) {
      const i = (row * width + x) * 3;
      out[o++] = rgb[i + 2]!;
      out[o++] = rgb[i + 1]!;
      out[o++] = rgb[i]!;
    }
  }
  return out;
}

/** The luminance of a YUYV image as grey RGB. */
function grayscale(yuyv: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) out.fill(yuyv[p * 2]!, p * 3, p * 3 + 3);
  return out;
}

/** The file an image goes to: `.bmp` added when there is no extension, the running number before it. */
function imagePath(configRoot: string, file: string, number: number | undefined): string {
  let name = hasExtension(file) ? file : `${file}.bmp`;
  if (number !== undefined) name = name.replace(/(\.[^./]*)$/, `${number}$1`);
  return configFilePath(configRoot, 'Images', name);
}

/** `si reset [<number>] | [number] [grayscale] [<file>]`. */
export const siCommand: RobotCommand = {
  name: 'si',
  scope: 'robot',
  usage: SI_USAGE,
  summary: 'Save the current camera image as a BMP (or PNG) file, optionally numbered or in grayscale.',
  args: { args: [['reset', 'number', 'grayscale'], ['grayscale']] },
  forable: true,
  run(args, ctx) {
    const { console } = ctx;
    const words = args.rest().map((t) => t.text);
    if (words[0] === 'reset') {
      const start = words[1] === undefined ? 0 : Number(words[1]);
      if (words.length > 2 || !Number.isInteger(start) || start < 0) throw new CommandSyntaxError(SI_USAGE);
      counters.set(console, start);
      return 'done';
    }
    const numbered = words[0] === 'number';
    if (numbered) words.shift();
    const gray = words[0] === 'grayscale';
    if (gray) words.shift();
    if (words.length > 1) throw new CommandSyntaxError(SI_USAGE);
    const { thread, image } = latestCameraImage(ctx);
    const { width, height } = image;
    const number = numbered ? (counters.get(console) ?? 0) : undefined;
    const path = imagePath(console.configRoot, words[0] ?? 'raw_image.bmp', number);
    const pixels = gray ? grayscale(image.image, width, height) : yuyvToRgb(image.image, width, height);
    const bytes = path.toLowerCase().endsWith('.png')
      ? gray
        ? yuyvToPng(grayYuyv(image.image), width, height)
        : yuyvToPng(image.image, width, height)
      : rgbToBmp(pixels, width, height);
    try {
      fs.mkdirSync(nodePath.dirname(path), { recursive: true });
      fs.writeFileSync(path, bytes);
    } catch (error) {
      throw new CommandError(`Error: cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (number !== undefined) counters.set(console, number + 1);
    console.print(`Saved ${console.name}'s ${thread} image (${width}×${height}) to ${path}`);
    return 'done';
  },
};

/**
 * The camera image `ctx`'s robot sent last, as pixel columns: of the thread `for` names, else of the one thread
 * that sends images. Throws a CommandError when there is none, or several threads and no `for`.
 */
export function latestCameraImage(ctx: CommandContext): { thread: string; timestamp: number; image: YuyvImage } {
  const { console } = ctx;
  const withImage = [...console.model.latestData.entries()]
    .filter(([, byId]) => byId.has(MessageID.idCameraImage))
    .map(([thread]) => thread);
  const threads = ctx.threads ? withImage.filter((t) => ctx.threads!.includes(t)) : withImage;
  if (threads.length === 0)
    throw new CommandError(
      `Error: ${console.name} has sent no camera image${ctx.threads ? ` in ${ctx.threads.join(', ')}` : ''} yet ` +
        '(switch it on with vi CameraImage or dr representation:CameraImage)',
    );
  if (threads.length > 1)
    throw new CommandError(
      `Error: ${console.name} sends images in ${threads.join(' and ')}; choose one with for ${threads[0]} ${ctx.line}`,
    );
  const payload = console.model.latestData.get(threads[0]!)!.get(MessageID.idCameraImage)!;
  const value = decode(CameraImage, payload);
  const image = yuyvView(value);
  if (image.width === 0 || image.height === 0 || value.image.length < image.width * image.height * 2)
    throw new CommandError(`Error: ${console.name}'s ${threads[0]} camera image is empty`);
  return { thread: threads[0]!, timestamp: value.timestamp, image };
}

/** A YUYV image with neutral chroma: its PNG is the luminance in grey. */
function grayYuyv(yuyv: Uint8Array): Uint8Array {
  const out = Uint8Array.from(yuyv);
  for (let i = 1; i < out.length; i += 2) out[i] = 128;
  return out;
}
