/**
 * @file The JSON texts of one field drawing's scene primitives, kept from one frame to the next. A drawing is
 * painted anew in every frame its representation changes, but most of what it paints stays where it was (of a
 * ground-truth drawing's fourteen robots, mostly one or two moved). Each primitive is identified by its kind and
 * its place in the drawing's order and compared with the one there last time by the numbers it was made from,
 * which is far cheaper than building it, comparing it as an object or writing its JSON: only what changed is
 * written again.
 */
import type { ColorRGBA, Vec2 } from '@robot-runtime/math/types';
import type { PrimitiveKind } from './scenePrimitives';

/** A primitive as it was last written: the numbers (and text) it was made from, and its JSON. */
interface Written {
  inputs: Float64Array;
  label: string;
  json: string;
}

type ByKind = Record<PrimitiveKind, Written[]>;

/** A group of primitives (see PrimitiveTexts.beginGroup): the numbers it was made from, and its primitives. */
interface Group {
  inputs: Float64Array;
  primitives: { kind: PrimitiveKind; written: Written }[];
}

const empty = (): ByKind => ({
  arrows: [],
  cubes: [],
  spheres: [],
  cylinders: [],
  lines: [],
  triangles: [],
  texts: [],
});

/**
 * The numbers a primitive is made from, collected in place: a primitive drawn as in the frame before costs no
 * memory (an array emptied and pushed to again would be grown anew every time).
 */
export class PrimitiveInputs {
  private values = new Float64Array(64);
  private count = 0;

  /** Empties the inputs for the next primitive. */
  clear(): this {
    this.count = 0;
    return this;
  }

  /** Appends `value`. */
  add(value: number): this {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = value;
    return this;
  }

  /** Appends a point's x and y. */
  addPoint(p: Vec2): this {
    return this.add(p.x).add(p.y);
  }

  /** Appends a colour's r, g, b and a. */
  addColor(c: ColorRGBA): this {
    return this.add(c.r).add(c.g).add(c.b).add(c.a);
  }

  /** Whether `numbers` are exactly the inputs (NaN equals NaN). */
  equals(numbers: Float64Array): boolean {
    if (numbers.length !== this.count) return false;
    const values = this.values;
    for (let i = 0; i < numbers.length; i++) {
      const a = numbers[i]!;
      const b = values[i]!;
      if (a !== b && (a === a || b === b)) return false;
    }
    return true;
  }

  /** A copy of the inputs. */
  copy(): Float64Array {
    return this.values.slice(0, this.count);
  }
}

/** One drawing's primitive texts: those of the frame before and those of the frame being drawn. */
export class PrimitiveTexts {
  private last = empty();
  private current = empty();
  /** Groups of primitives (see beginGroup) of the frame before and of the frame being drawn. */
  private lastGroups: Group[] = [];
  private currentGroups: Group[] = [];
  /** The group being drawn anew, which records its primitives. */
  private recording: Group | undefined;
  private missed = false;
  private repeated = false;
  /** The inputs of the primitive being made (see nextInputs). */
  private readonly inputs = new PrimitiveInputs();

  /** Whether the last finished frame painted exactly what the frame before it did (every text reused). */
  get repeatedLastFrame(): boolean {
    return this.repeated;
  }

  /** The emptied inputs, to add the numbers the next primitive is made from to, before calling `json`. */
  nextInputs(): PrimitiveInputs {
    return this.inputs.clear();
  }

  /**
   * The JSON of the next `kind` primitive of the frame being drawn, made from the numbers added to `nextInputs()`
   * (and `label`, for a text): last frame's text at this place when it was made from the same, else
   * JSON.stringify(build()), or build() itself where it returns a text (JSON written by hand, see lineJson).
   * `build` must depend on nothing but those numbers and `label`.
   */
  json(kind: PrimitiveKind, build: () => unknown, label = ''): string {
    const list = this.current[kind];
    const before = this.last[kind][list.length];
    let written = before;
    if (written === undefined || written.label !== label || !this.inputs.equals(written.inputs)) {
      this.missed = true;
      const built = build();
      written = { inputs: this.inputs.copy(), label, json: typeof built === 'string' ? built : JSON.stringify(built) };
    }
    list.push(written);
    // A group drawn anew records every primitive it draws, those kept from the frame before too.
    this.recording?.primitives.push({ kind, written });
    return written.json;
  }

  /**
   * Starts a group of primitives made from the numbers added to `nextInputs()` (a robot: its body and direction
   * line): when the group at this place in the frame before was made from the same numbers, its primitives are
   * taken over as they were and returned, and there is nothing to draw; else undefined is returned, and the group's
   * primitives are drawn (`json`) and then closed with `endGroup`. Cheaper than comparing each primitive of a
   * drawing with many groups that mostly stay where they were.
   */
  beginGroup(): { kind: PrimitiveKind; json: string }[] | undefined {
    const before = this.lastGroups[this.currentGroups.length];
    if (before !== undefined && this.inputs.equals(before.inputs)) {
      this.currentGroups.push(before);
      for (const { kind, written } of before.primitives) this.current[kind].push(written);
      return before.primitives.map(({ kind, written }) => ({ kind, json: written.json }));
    }
    this.missed = true;
    this.recording = { inputs: this.inputs.copy(), primitives: [] };
    return undefined;
  }

  /** Ends the group being drawn anew (see beginGroup). */
  endGroup(): void {
    if (this.recording) this.currentGroups.push(this.recording);
    this.recording = undefined;
  }

  /** Ends the frame being drawn: the next one is compared with it. */
  finishFrame(): void {
    let sameCounts = true;
    for (const kind of Object.keys(this.current) as PrimitiveKind[])
      if (this.current[kind].length !== this.last[kind].length) sameCounts = false;
    this.repeated = !this.missed && sameCounts;
    this.last = this.current;
    this.current = empty();
    this.lastGroups = this.currentGroups;
    this.currentGroups = [];
    this.recording = undefined;
    this.missed = false;
  }
}

/**
 * JSON texts by key, each kept with the numbers it was made from: a message built from a few numbers of a
 * representation (a pose, joint angles) is written anew only when those numbers changed, however often the rest
 * of the representation's bytes (time stamps, currents) did.
 */
export class InputTexts {
  private readonly last = new Map<string, Written>();
  private readonly inputs = new PrimitiveInputs();

  /** The emptied inputs, to add the numbers the next text is made from to, before calling `json`. */
  nextInputs(): PrimitiveInputs {
    return this.inputs.clear();
  }

  /**
   * The JSON under `key`, made from the numbers added to `nextInputs()`: last time's text under `key` when it was
   * made from the same, else JSON.stringify(build()), or build() itself where it returns a text (JSON written by
   * hand). `build` must depend on nothing but those numbers and `key`.
   */
  json(key: string, build: () => unknown): string {
    const before = this.last.get(key);
    if (before !== undefined && this.inputs.equals(before.inputs)) return before.json;
    const built = build();
    const json = typeof built === 'string' ? built : JSON.stringify(built);
    this.last.set(key, { inputs: this.inputs.copy(), label: '', json });
    return json;
  }
}
