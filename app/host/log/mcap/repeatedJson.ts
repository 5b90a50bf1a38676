/**
 * @file JSON of export messages that repeat, serialised once. A robot's representations change far less often
 * than they are logged (a standing robot logs the same joint angles, ball model and drawings frame after frame),
 * and JSON.stringify of their numbers is the largest cost of an export. What a message is built from is compared
 * with last time's (the logged bytes here, the numbers it is made of in primitiveTexts.ts) and its JSON is only
 * written anew when that changed; time stamps are written as STAMP_PLACEHOLDER and filled in per message by
 * `stamped`.
 */
import type { TextPiece } from './McapFileWriter';
import type { FoxgloveTime } from './McapSink';

/**
 * Stands for a message's time in JSON built once and reused: a time no message has (negative, fractional), whose
 * JSON text `stamped` replaces.
 */
export const STAMP_PLACEHOLDER: FoxgloveTime = Object.freeze({ sec: -1234567.25, nsec: -7654321.75 });
const PLACEHOLDER_TEXT = JSON.stringify(STAMP_PLACEHOLDER);

/**
 * Templates split at their placeholders, by template: most messages reuse the template of the message before. A
 * template used again has its parts in UTF-8 too, which are copied into the file rather than encoded again.
 */
const splitTemplates = new Map<string, { parts: string[]; bytes?: Uint8Array[] }>();
/** Templates kept split at most (a template is a few kB; they are split again after the cache was cleared). */
const SPLIT_TEMPLATES_KEPT = 512;

/**
 * `template` (JSON that may hold STAMP_PLACEHOLDER) with `stamp` in its places, as pieces for McapSink.writeJson
 * (joined they are the text): the template's text is not copied for every message.
 */
export function stamped(template: string, stamp: FoxgloveTime): TextPiece[] {
  let split = splitTemplates.get(template);
  if (!split) {
    if (splitTemplates.size >= SPLIT_TEMPLATES_KEPT) splitTemplates.clear();
    split = { parts: template.split(PLACEHOLDER_TEXT) };
    splitTemplates.set(template, split);
  } else split.bytes ??= split.parts.map((part) => Buffer.from(part));
  const parts = split.bytes ?? split.parts;
  if (parts.length === 1) return [parts[0]!];
  const time = `{"sec":${stamp.sec},"nsec":${stamp.nsec}}`;
  const pieces = [parts[0]!];
  for (let i = 1; i < parts.length; i++) pieces.push(time, parts[i]!);
  return pieces;
}

/**
 * A copy of some bytes, in memory of its own that the next copy reuses: an export keeps the last bytes of many
 * representations, and fresh memory for every one of thousands of copies would keep the garbage collector busy.
 */
export class KeptBytes {
  private storage = Buffer.allocUnsafeSlow(0);
  private length = 0;

  /** Keeps a copy of `bytes` (frames are read into reused memory). */
  keep(bytes: Uint8Array): void {
    if (bytes.length > this.storage.length)
      this.storage = Buffer.allocUnsafeSlow(Math.max(bytes.length, 2 * this.storage.length));
    this.storage.set(bytes);
    this.length = bytes.length;
  }

  /** Whether `bytes` are the bytes kept. */
  equals(bytes: Uint8Array): boolean {
    return bytes.length === this.length && this.storage.compare(bytes, 0, bytes.length, 0, this.length) === 0;
  }
}

/**
 * The last source bytes and results per key: the last one, or with a capacity the last few different ones (a
 * representation that two threads log in turn, each with bytes of its own, or both with the same).
 */
export class RepeatCache<T> {
  private readonly entries = new Map<string, { source: KeptBytes; value: T }[]>();

  constructor(private readonly capacity = 1) {}

  /** What was stored for `key` from exactly `source`, if anything. */
  get(key: string, source: Uint8Array): T | undefined {
    const entries = this.entries.get(key);
    if (!entries) return undefined;
    for (const entry of entries) if (entry.source.equals(source)) return entry.value;
    return undefined;
  }

  /** Stores `value` as what `source` gives under `key` (the bytes are copied). */
  set(key: string, source: Uint8Array, value: T): T {
    let entries = this.entries.get(key);
    if (!entries) this.entries.set(key, (entries = []));
    const entry = entries.length >= this.capacity ? entries.pop()! : { source: new KeptBytes(), value };
    entry.source.keep(source);
    entry.value = value;
    entries.unshift(entry);
    return value;
  }
}
