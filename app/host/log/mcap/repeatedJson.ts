/**
 * @file JSON of export messages that repeat, serialised once. A robot's representations change far less often
 * than they are logged (a standing robot logs the same joint angles, ball model and drawings frame after frame),
 * and JSON.stringify of their numbers is the largest cost of an export. A message is built again only when the
 * bytes of the logged message it comes from differ from last time's under the same key, and serialised again
 * only when what was built differs (a representation's time stamp changes its bytes, not its drawing); time
 * stamps are written as STAMP_PLACEHOLDER and filled in per message by `stamped`.
 */
import type { ExportFrame } from './ChannelWriter';
import type { FoxgloveTime } from './McapSink';

/**
 * Stands for a message's time in JSON built once and reused: a time no message has (negative, fractional), whose
 * JSON text `stamped` replaces.
 */
export const STAMP_PLACEHOLDER: FoxgloveTime = Object.freeze({ sec: -1234567.25, nsec: -7654321.75 });
const PLACEHOLDER_TEXT = JSON.stringify(STAMP_PLACEHOLDER);

/** `template` (JSON that may hold STAMP_PLACEHOLDER) with `stamp` in its places. */
export function stamped(template: string, stamp: FoxgloveTime): string {
  if (!template.includes(PLACEHOLDER_TEXT)) return template;
  return template.split(PLACEHOLDER_TEXT).join(`{"sec":${stamp.sec},"nsec":${stamp.nsec}}`);
}

/** Whether `a` and `b` hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);
}

/** The last source bytes and result per key. */
export class RepeatCache<T> {
  private readonly entries = new Map<string, { source: Uint8Array; value: T }>();

  /** What was stored for `key` from exactly `source`, if anything. */
  get(key: string, source: Uint8Array): T | undefined {
    const entry = this.entries.get(key);
    return entry && sameBytes(entry.source, source) ? entry.value : undefined;
  }

  /** Stores `value` as what `source` gives under `key` (the bytes are copied: frames are read into reused memory). */
  set(key: string, source: Uint8Array, value: T): T {
    // Not source.slice(): on a Buffer that is a view, not a copy.
    this.entries.set(key, { source: new Uint8Array(source), value });
    return value;
  }
}

/**
 * Whether `a` and `b`, JSON-ready values, have the same JSON text: equal numbers, strings and booleans, and
 * objects with the same keys in the same order. Much cheaper than writing the text (no number formatting).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** JSON text of values that often equal the last one under their key. */
export class JsonTexts {
  private readonly last = new Map<string, { value: unknown; json: string }>();

  /** JSON.stringify(value): last time's text under `key` when `value` equals last time's value. */
  of(key: string, value: unknown): string {
    const last = this.last.get(key);
    if (last && sameJson(last.value, value)) return last.json;
    const json = JSON.stringify(value);
    this.last.set(key, { value, json });
    return json;
  }
}

/** JSON templates of messages built from one representation each. */
export class RepeatedJson {
  private readonly cache = new RepeatCache<string>();
  private readonly texts = new JsonTexts();

  /**
   * The JSON of `build(value, STAMP_PLACEHOLDER)`, `value` being `representation` of `f`. The representation is
   * not decoded again when its bytes equal last time's under `key`, and the JSON is not written again when the
   * built message equals last time's (the message is taken either way). Undefined when the frame has no such
   * representation or it cannot be decoded. `build` must depend on nothing but its arguments and what `key` names.
   */
  of<T>(
    f: ExportFrame,
    key: string,
    representation: string,
    build: (value: T, stamp: FoxgloveTime) => unknown,
  ): string | undefined {
    const message = f.message(representation);
    if (!message) return undefined;
    const known = this.cache.get(key, message.payload);
    if (known !== undefined) {
      // The same bytes decoded before, so the representation is written, as it was then.
      f.take(message);
      return known;
    }
    const value = f.representation<T>(representation);
    if (value === undefined) return undefined;
    return this.cache.set(key, message.payload, this.texts.of(key, build(value, STAMP_PLACEHOLDER)));
  }
}
