/**
 * Mesh data of `ComplexAppearance`s: the whitespace-separated numbers of `Vertices`, `Normals`, `TexCoords`,
 * `Triangles` and `Quads` parsed straight from the element text into typed arrays (one scan to count, one to
 * parse; no regex, no per-number substrings). A mesh is usually defined once and referenced by every robot, so the
 * parsed arrays are cached per source element and shared by all instances: treat them as read-only.
 */
import type { XmlElement } from './xml/parseXml';

/** A triangle mesh in the frame of its appearance. */
export interface Mesh {
  /** x, y, z per vertex (metres, the `Vertices` unit applied). */
  vertices: Float32Array;
  /** x, y, z per vertex (unit length as written), when the scene gives normals. */
  normals: Float32Array | undefined;
  /** u, v per vertex, when the scene gives texture coordinates. */
  texCoords: Float32Array | undefined;
  /** Three vertex indices (0-based) per triangle; `Quads` are split into two triangles each. */
  triangles: Uint32Array;
}

/** Why a text is not a list of numbers: the 0-based position of the bad number and the text found there. */
export interface NumberListError {
  index: number;
  found: string;
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
const HASH = 35;

/** The index after the comment (`#` to the end of the line) starting at `i`. */
function skipComment(text: string, i: number): number {
  const end = text.indexOf('\n', i);
  return end < 0 ? text.length : end + 1;
}

/** Counts whitespace-separated tokens outside comments. */
function countTokens(text: string): number {
  let n = 0;
  let inToken = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === HASH && !inToken) {
      i = skipComment(text, i) - 1;
      continue;
    }
    const space = isSpace(c);
    if (!space && !inToken) n++;
    inToken = !space;
  }
  return n;
}

/** The largest finite float32. */
const FLOAT32_MAX = 3.4028234663852886e38;

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Where the token last read by floatToken or indexToken ends: they return the value, and the list checks that the
 * token ends there (at whitespace or the text's end), so each character is read once.
 */
let tokenEnd = 0;

/**
 * Fills `out` with the value of each whitespace-separated token outside comments, or reports the first token that is
 * not a number of the kind asked for (`floats`: decimal numbers, else indices). `out` was sized by countTokens, which
 * splits the text the same way. The two token readers are called directly, not passed in: a scene load reads every
 * number of B-Human's NAO meshes, and the passed-in reader cost 15 % of that load.
 */
function parseList<A extends Float32Array | Uint32Array>(text: string, out: A, floats: boolean): A | NumberListError {
  let k = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === HASH) {
      i = skipComment(text, i);
      continue;
    }
    const value = floats ? floatToken(text, i) : indexToken(text, i);
    if (value === undefined || (tokenEnd < n && !isSpace(text.charCodeAt(tokenEnd)))) return tokenError(text, i, k);
    out[k++] = value;
    i = tokenEnd;
  }
  return out;
}

/** The decimal number (`-1.5`, `2e-3`, `.5`) starting at `start`, if it is one and fits a float32 (end: tokenEnd). */
function floatToken(text: string, start: number): number | undefined {
  let i = start;
  let c = text.charCodeAt(i);
  let negative = false;
  if (c === 45 || c === 43) {
    negative = c === 45;
    c = text.charCodeAt(++i);
  }
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  // Past the text's end charCodeAt gives NaN, which is no digit.
  while (c >= 48 && c <= 57) {
    mantissa = mantissa * 10 + (c - 48);
    digits++;
    c = text.charCodeAt(++i);
  }
  if (c === 46) {
    c = text.charCodeAt(++i);
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      scale--;
      c = text.charCodeAt(++i);
    }
  }
  if (digits > 0 && (c === 101 || c === 69)) {
    c = text.charCodeAt(++i);
    let expNegative = false;
    if (c === 45 || c === 43) {
      expNegative = c === 45;
      c = text.charCodeAt(++i);
    }
    let exponent = 0;
    let expDigits = 0;
    while (c >= 48 && c <= 57) {
      if (exponent < 10_000) exponent = exponent * 10 + (c - 48);
      expDigits++;
      c = text.charCodeAt(++i);
    }
    if (expDigits === 0) digits = 0;
    scale += expNegative ? -exponent : exponent;
  }
  tokenEnd = i;
  if (digits === 0) return undefined;
  // Float32 output: a double mantissa with one scaling is accurate far beyond what it keeps.
  let value =
    scale === 0 ? mantissa : scale < 0 && -scale < POW10.length ? mantissa / POW10[-scale]! : mantissa * 10 ** scale;
  if (digits > 15) value = Number(text.slice(start, i));
  // Beyond float32's range the vertex would be Infinity, which the physics cannot place.
  if (!(value <= FLOAT32_MAX)) return undefined;
  return negative ? -value : value;
}

/** The non-negative integer below 2^32 starting at `start`, if it is one (end: tokenEnd). */
function indexToken(text: string, start: number): number | undefined {
  let value = 0;
  let i = start;
  let c = text.charCodeAt(i);
  while (c >= 48 && c <= 57) {
    value = value * 10 + (c - 48);
    if (value > 0xffffffff) return undefined;
    c = text.charCodeAt(++i);
  }
  tokenEnd = i;
  return i === start ? undefined : value;
}

/**
 * Parses whitespace-separated decimal numbers (`-1.5`, `2e-3`, `.5`) into a Float32Array, or reports the first one
 * that is not a number. `#` starts a comment that runs to the end of the line (B-Human's meshes use them).
 */
export function parseFloats(text: string): Float32Array | NumberListError {
  return parseList(text, new Float32Array(countTokens(text)), true);
}

/** Parses whitespace-separated non-negative integers below 2^32 into a Uint32Array (`#` comments as above). */
export function parseIndices(text: string): Uint32Array | NumberListError {
  return parseList(text, new Uint32Array(countTokens(text)), false);
}

function tokenError(text: string, start: number, index: number): NumberListError {
  let end = start;
  while (end < text.length && end - start < 24 && !isSpace(text.charCodeAt(end))) end++;
  return { index, found: text.slice(start, end) };
}

/** Parsed number lists by source element: every robot referencing a mesh shares one array. */
export class MeshDataCache {
  private readonly floats = new WeakMap<XmlElement, Float32Array | NumberListError>();
  private readonly indices = new WeakMap<XmlElement, Uint32Array | NumberListError>();

  /** The numbers of `source.text` as floats. */
  floatsOf(source: XmlElement): Float32Array | NumberListError {
    let v = this.floats.get(source);
    if (!v) this.floats.set(source, (v = parseFloats(source.text)));
    return v;
  }

  /** The numbers of `source.text` as indices. */
  indicesOf(source: XmlElement): Uint32Array | NumberListError {
    let v = this.indices.get(source);
    if (!v) this.indices.set(source, (v = parseIndices(source.text)));
    return v;
  }
}
