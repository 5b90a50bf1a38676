/**
 * @file The application icon, drawn here so it needs no image tools: a pitch (green, white lines, centre circle)
 * with an orange ball, as a square RGBA PNG. `npm run package` writes build/icon.png from it, where electron-builder
 * takes the icons of every platform from.
 */
import { rgbaToPng } from '../host/images/png';

/** The icon as a PNG of `size` × `size` pixels. */
export function appIconPng(size = 512): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  const c = size / 2;
  const line = Math.max(2, size / 64);
  const inside = (x: number, y: number, r: number) => (x - c) ** 2 + (y - c) ** 2 <= r * r;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const margin = size * 0.12;
      const rounded = Math.min(x, size - 1 - x, y, size - 1 - y) >= size * 0.02;
      let color: [number, number, number, number] = rounded ? [34, 139, 64, 255] : [0, 0, 0, 0];
      const border =
        (Math.abs(x - margin) < line || Math.abs(x - (size - margin)) < line) && y > margin && y < size - margin;
      const topBottom =
        (Math.abs(y - margin) < line || Math.abs(y - (size - margin)) < line) && x > margin && x < size - margin;
      const middle = Math.abs(x - c) < line && y > margin && y < size - margin;
      const circle = inside(x, y, size * 0.2 + line) && !inside(x, y, size * 0.2 - line);
      if (rounded && (border || topBottom || middle || circle)) color = [255, 255, 255, 255];
      if (inside(x, y, size * 0.09)) color = [255, 128, 0, 255];
      rgba.set(color, i);
    }
  }
  return rgbaToPng(rgba, size, size);
}
