/** Typed access to an instantiated element's attributes, with errors that carry file, line and element path. */
import type { ColorRGBA } from '@robot-runtime/math/types';
import { parseColor } from './colors';
import type { SceneElement } from './instantiate';
import { SceneError } from './SceneError';
import { parseQuantity, type Quantity } from './units';
import { VOCABULARY } from './vocabulary';

/** A parsed attribute value. */
export type AttributeValue = number | string | boolean | ColorRGBA;

/** Throws a SceneError located at the element (or at one of its attributes). */
export function failAt(e: SceneElement, message: string, attribute?: string): never {
  const a = attribute ? e.attributes.get(attribute) : undefined;
  throw new SceneError(a?.file ?? e.file, a?.line ?? e.line, e.path, message);
}

/** Parses one attribute as a quantity (SI) or returns `fallback` when absent. */
export function quantity(e: SceneElement, name: string, kind: Quantity, fallback: number): number;
export function quantity(e: SceneElement, name: string, kind: Quantity, fallback?: number): number | undefined;
export function quantity(e: SceneElement, name: string, kind: Quantity, fallback?: number): number | undefined {
  const a = e.attributes.get(name);
  if (!a) return fallback;
  const v = parseQuantity(a.value, kind);
  if (typeof v === 'string') failAt(e, `attribute '${name}': ${v}`, name);
  return v;
}

/** Parses a colour attribute. */
export function color(e: SceneElement, name: string): ColorRGBA | undefined {
  const a = e.attributes.get(name);
  if (!a) return undefined;
  const c = parseColor(a.value);
  if (typeof c === 'string') failAt(e, `attribute '${name}': ${c}`, name);
  return c;
}

/** A raw string attribute. */
export const text = (e: SceneElement, name: string): string | undefined => e.attributes.get(name)?.value;

/** Parses a boolean attribute (`true`/`false`/`1`/`0`). */
export function bool(e: SceneElement, name: string, fallback: boolean): boolean {
  const a = e.attributes.get(name);
  if (!a) return fallback;
  if (a.value === 'true' || a.value === '1') return true;
  if (a.value === 'false' || a.value === '0') return false;
  return failAt(e, `attribute '${name}': '${a.value}' is not a boolean`, name);
}

/** Parses every attribute of `e` by the kind the vocabulary gives it, so that typos in values fail early. */
export function parseAll(e: SceneElement): Record<string, AttributeValue> {
  const spec = VOCABULARY[e.type]!;
  const out: Record<string, AttributeValue> = {};
  for (const [name] of e.attributes) {
    const kind = spec.attributes[name]!.kind;
    if (kind === 'string' || kind === 'href') out[name] = text(e, name)!;
    else if (kind === 'bool') out[name] = bool(e, name, false);
    else if (kind === 'color') out[name] = color(e, name)!;
    else out[name] = quantity(e, name, kind)!;
  }
  return out;
}
