/** Scene colour syntax: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)`. */
import type { ColorRGBA } from '@robot-runtime/math/types';

function component(text: string): number | undefined {
  const t = text.trim();
  const percent = t.endsWith('%');
  const n = Number(percent ? t.slice(0, -1) : t);
  if (t === '' || !Number.isFinite(n)) return undefined;
  const v = percent ? (n * 255) / 100 : n;
  return v >= 0 && v <= 255 ? Math.round(v) : undefined;
}

/**
 * Parses a scene colour into 0..255 components (alpha too: `rgba(…, a)` takes a in 0..1 and is scaled);
 * returns an error message for malformed text.
 */
export function parseColor(text: string): ColorRGBA | string {
  const t = text.trim();
  const hex = /^#([0-9a-fA-F]+)$/.exec(t);
  if (hex) {
    const h = hex[1]!;
    if (h.length === 3 || h.length === 4) {
      const d = [...h].map((c) => parseInt(c + c, 16));
      return { r: d[0]!, g: d[1]!, b: d[2]!, a: d[3] ?? 255 };
    }
    if (h.length === 6 || h.length === 8) {
      const d = [0, 2, 4, 6].map((i) => (i < h.length ? parseInt(h.slice(i, i + 2), 16) : 255));
      return { r: d[0]!, g: d[1]!, b: d[2]!, a: d[3]! };
    }
    return `'${text}' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)`;
  }
  const fn = /^(rgba?)\(([^)]*)\)$/.exec(t);
  if (fn) {
    const parts = fn[2]!.split(',');
    // rgba() with three components (B-Human's Booster models write one) is opaque.
    const wantAlpha = fn[1] === 'rgba' && parts.length === 4;
    if (parts.length !== (wantAlpha ? 4 : 3)) return `'${text}' needs ${fn[1] === 'rgba' ? '3 or 4' : 3} components`;
    const rgb = parts.slice(0, 3).map(component);
    if (rgb.some((c) => c === undefined)) return `'${text}': components are 0..255 or NN%`;
    let a = 255;
    if (wantAlpha) {
      const alpha = Number(parts[3]!.trim());
      if (!(alpha >= 0 && alpha <= 1)) return `'${text}': alpha must be 0..1`;
      a = Math.round(alpha * 255);
    }
    return { r: rgb[0]!, g: rgb[1]!, b: rgb[2]!, a };
  }
  return `'${text}' is not a colour`;
}
