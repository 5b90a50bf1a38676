import type { ColorRGBA } from './types';

/** The named colours of B-Human's ColorRGBA (same RGB values), used by draw() methods and console commands. */
const rgb = (r: number, g: number, b: number, a = 255): ColorRGBA => ({ r, g, b, a });

export const Colors = {
  white: rgb(255, 255, 255),
  gray: rgb(128, 128, 128),
  black: rgb(0, 0, 0),
  red: rgb(255, 0, 0),
  green: rgb(0, 192, 0),
  blue: rgb(0, 0, 255),
  yellow: rgb(224, 192, 0),
  cyan: rgb(0, 192, 224),
  magenta: rgb(192, 0, 192),
  orange: rgb(255, 128, 0),
  violet: rgb(183, 10, 210),
  brown: rgb(139, 69, 19),
} as const;

/** The same colour with another alpha. */
export const withAlpha = (c: ColorRGBA, a: number): ColorRGBA => ({ r: c.r, g: c.g, b: c.b, a });
