/**
 * @file Robot colours (RGBA bytes) as CSS colour strings, cached: painting 10,000 shapes a frame would otherwise
 * build 10,000 strings a frame for a handful of distinct colours.
 */

/** A colour as the robot sends it. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const cache = new Map<number, string>();

/** `rgba(r,g,b,a)` for a colour, with its alpha multiplied by `alpha` (0..1). */
export function cssColor(c: Rgba, alpha = 1): string {
  const a = Math.round(c.a * alpha);
  const key = ((c.r & 255) << 24) + ((c.g & 255) << 16) + ((c.b & 255) << 8) + (a & 255);
  let s = cache.get(key);
  if (s === undefined) {
    s = `rgba(${c.r & 255},${c.g & 255},${c.b & 255},${((a & 255) / 255).toFixed(3)})`;
    if (cache.size > 4096) cache.clear();
    cache.set(key, s);
  }
  return s;
}

/** `#rrggbb` of a colour (alpha dropped), for legends and exports. */
export function hexColor(c: Rgba): string {
  return `#${[c.r, c.g, c.b].map((v) => (v & 255).toString(16).padStart(2, '0')).join('')}`;
}
