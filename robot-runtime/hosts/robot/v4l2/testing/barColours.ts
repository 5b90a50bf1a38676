/**
 * @file Names the colours of vivid's colour-bar test pattern in a YUYV image, for the VM tests: the centres of
 * eight equal bands of a row near the bottom (vivid writes its status text over the upper rows, at a fixed size
 * that covers the middle of a 320×240 image), each channel taken as clearly on or clearly off.
 */
import { yuvToRgb, yuyvPixel } from '@robot-runtime/math/colorSpace';

/** The colour name of an RGB triple whose channels are either clearly on or clearly off. */
function colourName([r, g, b]: [number, number, number]): string {
  const on = (c: number) => (c > 120 ? 1 : c < 70 ? 0 : NaN);
  const key = `${on(r)}${on(g)}${on(b)}`;
  const names: Record<string, string> = {
    '111': 'white',
    '110': 'yellow',
    '011': 'cyan',
    '010': 'green',
    '101': 'magenta',
    '100': 'red',
    '001': 'blue',
    '000': 'black',
  };
  return names[key] ?? `unclear(${r},${g},${b})`;
}

/** The colours at the centres of eight equal bands of the row at 90 % of the height. */
export function barColours(bytes: Uint8Array, width: number, height: number): string[] {
  const row = Math.floor(height * 0.9);
  return Array.from({ length: 8 }, (_, i) => {
    const p = yuyvPixel(bytes, width, Math.floor(((i + 0.5) * width) / 8), row);
    return colourName(yuvToRgb(p.y, p.u, p.v));
  });
}
