/**
 * @file What the IDE's debug views show, computed from the logged representations by their draw(): plots on
 * `/<thread>/plots` as `{ timestamp, values: { <id>: number } }` (plot a series with a path such as
 * `/Cognition/plots.values["representation:BallModel:distance"]`), field drawings on `/<thread>/drawings` as a
 * `foxglove.SceneUpdate` with one entity per drawing (frame `field`), image drawings on `/<thread>/annotations`
 * as `foxglove.ImageAnnotations`, and the logged stopwatch times on `/<thread>/stopwatches` as
 * `{ timestamp, frame, milliseconds: { <name>: ms } }`. A representation logged with the same bytes as one of the
 * last few times (in any thread) is not drawn again: what it drew is reused as JSON (repeatedJson.ts); a drawing
 * painted anew keeps the JSON of every primitive painted as in its frame before (primitiveTexts.ts).
 */
import type { DebugContext, Drawing2D } from '@robot-runtime/core/debug/DebugContext';
import { decodeStopwatch } from '@robot-runtime/protocol/debugMessages/stopwatch';
import { MessageID, messageIdForRepresentation } from '@robot-runtime/protocol/messages/MessageIDs';
import type { TypeRef } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { DrawingCollector, type CollectedDrawing } from './drawingCollector';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import type { TextPiece } from './McapFileWriter';
import type { FoxgloveTime, McapSchema } from './McapSink';
import { PrimitiveTexts } from './primitiveTexts';
import { RepeatCache, STAMP_PLACEHOLDER, stamped } from './repeatedJson';
import { sceneEntityTail } from './scenePrimitives';

const TIME = { type: 'object', properties: { sec: { type: 'integer' }, nsec: { type: 'integer' } } };
const PLOTS: McapSchema = {
  name: 'pitchside.Plots',
  json: {
    title: 'pitchside.Plots',
    type: 'object',
    properties: { timestamp: TIME, values: { type: 'object', additionalProperties: { type: 'number' } } },
  },
};
const STOPWATCHES: McapSchema = {
  name: 'pitchside.Stopwatches',
  json: {
    title: 'pitchside.Stopwatches',
    type: 'object',
    properties: {
      timestamp: TIME,
      frame: { type: 'integer' },
      milliseconds: { type: 'object', additionalProperties: { type: 'number' } },
    },
  },
};

const drawers = allRepresentations.filter((r) => r.hooks.draw);
/** The place of each drawer in `drawers` by the message id of its representation. */
const drawerByMessageId = new Map<number, number>();
drawers.forEach((r, i) => {
  const id = messageIdForRepresentation(r.typeName);
  if (id !== undefined) drawerByMessageId.set(id, i);
});

/**
 * Different logged bytes of a representation whose drawing is kept: a representation that the Upper and Lower
 * threads log in turn (the simulator's ground truth) is drawn once per content, whichever thread logged it.
 */
const DRAWN_KEPT = 3;

const SCENE_UPDATE: McapSchema = { name: 'foxglove.SceneUpdate', json: foxgloveJsonSchema('SceneUpdate') };
const IMAGE_ANNOTATIONS: McapSchema = {
  name: 'foxglove.ImageAnnotations',
  json: foxgloveJsonSchema('ImageAnnotations'),
};

/** What draw() produced in one frame. */
interface DebugOutput {
  values: Record<string, number>;
  field: Map<string, CollectedDrawing>;
  image: CollectedDrawing[];
}

/**
 * A debug context in which plots and 2-D drawings are active: draw() runs and what it paints is kept. A class, not
 * an object of closures: one is made for every representation drawn anew.
 */
class DebugCollector implements DebugContext {
  constructor(
    private readonly output: DebugOutput,
    private readonly stamp: FoxgloveTime,
    /** The primitive texts of a field drawing's frame before, by drawing id. */
    private readonly primitivesOf: (id: string) => PrimitiveTexts,
  ) {}

  isActive(name: string): boolean {
    return name.startsWith('plot:') || name.startsWith('debug drawing:');
  }

  drawing(id: string, type: 'drawingOnField' | 'drawingOnImage', draw: (d: Drawing2D) => void): void {
    if (type === 'drawingOnImage') {
      const collector = new DrawingCollector('image', this.stamp);
      draw(collector);
      this.output.image.push(collector.out);
      return;
    }
    const primitives = this.primitivesOf(id);
    const collector = new DrawingCollector('field', this.stamp, primitives);
    try {
      draw(collector);
    } finally {
      primitives.finishFrame();
    }
    this.output.field.set(id, collector.out);
  }

  plot(id: string, value: number | (() => number)): void {
    const v = typeof value === 'function' ? value() : value;
    if (Number.isFinite(v)) this.output.values[id] = v;
  }

  stopwatch<T>(_name: string, fn: () => T): T {
    return fn();
  }

  modify<V>(_name: string, _type: TypeRef<V>, value: V): V {
    return value;
  }

  drawing3d(): void {}
  annotation(): void {}
  text(): void {}
  response(): void {}
  image(): void {}
}

/** The JSON text of each item. */
function jsonTexts(items: unknown[]): string[] {
  return items.map((item) => JSON.stringify(item));
}

/**
 * What one representation's draw() produced, as JSON where it is written as JSON (with STAMP_PLACEHOLDER for the
 * time); kept while the representation's bytes repeat.
 */
interface Drawn {
  /** Plotted values by id, as the members of a JSON object (`"<id>":<value>,…`; empty without any). */
  plots: string;
  /** Field drawings by id: the JSON of their SceneEntity after its time stamp (sceneEntityTail). */
  field: Map<string, TextPiece>;
  /** Number of image drawings, and the JSON of their ImageAnnotations items. */
  images: number;
  circles: string[];
  points: string[];
  texts: string[];
  /** Why draw() failed (what it drew before is kept), if it did. */
  failure?: string;
}

/** Plots, drawings and stopwatches. */
export class DebugOutputWriter implements ChannelWriter {
  /** Field drawings shown in the previous frame of a thread (removed when a frame no longer draws them). */
  private readonly shown = new Map<string, Set<string>>();

  /** Stopwatch names by thread and id (B-Human sends a few names per frame, round-robin). */
  private readonly watchNames = new Map<string, Map<number, string>>();

  /** What each representation drew for its last few different bytes, in any thread. */
  private readonly drawnCache = new RepeatCache<Drawn>(DRAWN_KEPT);

  /** The primitive texts of each field drawing's last frame, by thread and drawing. */
  private readonly primitives = new Map<string, PrimitiveTexts>();

  /**
   * The last entity text (sceneEntityTail) of each field drawing, by thread and drawing, and in UTF-8 once it is
   * written again (then it is copied into the file rather than encoded again).
   */
  private readonly tails = new Map<string, { text: string; bytes?: Uint8Array }>();

  frame(f: ExportFrame, context: ExportContext): void {
    const plots: string[] = [];
    const field = new Map<string, TextPiece>();
    let images = 0;
    const circles: string[] = [];
    const points: string[] = [];
    const texts: string[] = [];
    // The frame's drawers in the order of `drawers`, which is the order of the entities in the drawings message.
    const present: number[] = [];
    for (const m of f.frame.messages) {
      const i = drawerByMessageId.get(m.id);
      if (i !== undefined && !present.includes(i)) present.push(i);
    }
    present.sort((a, b) => a - b);
    for (const i of present) {
      const drawn = this.drawn(f, drawers[i]!);
      if (!drawn) continue;
      if (drawn.failure !== undefined) context.skip(drawn.failure);
      if (drawn.plots) plots.push(drawn.plots);
      for (const [id, json] of drawn.field) field.set(id, json);
      images += drawn.images;
      circles.push(...drawn.circles);
      points.push(...drawn.points);
      texts.push(...drawn.texts);
    }
    const stamp = JSON.stringify(f.stamp);
    // Plot ids name their representation, so no two drawers plot the same id.
    if (plots.length > 0)
      context.sink.writeJson(
        `/${f.thread}/plots`,
        PLOTS,
        ['{"timestamp":', stamp, ',"values":{', plots.join(','), '}}'],
        f.time,
      );
    const before = this.shown.get(f.thread) ?? new Set<string>();
    if (field.size > 0 || before.size > 0) {
      // SceneEntityDeletionType MATCHING_ID = 0: a drawing no longer painted disappears.
      const deletions = [...before].filter((id) => !field.has(id)).map((id) => ({ timestamp: f.stamp, type: 0, id }));
      // Written in pieces: each entity's text after its time stamp is reused as it is.
      const pieces: TextPiece[] = [`{"deletions":${JSON.stringify(deletions)},"entities":[`];
      for (const tail of field.values())
        pieces.push(pieces.length > 1 ? ',{"timestamp":' : '{"timestamp":', stamp, ',', tail);
      pieces.push(']}');
      context.sink.writeJson(`/${f.thread}/drawings`, SCENE_UPDATE, pieces, f.time);
      this.shown.set(f.thread, new Set(field.keys()));
    }
    if (images > 0) {
      const json = `{"circles":[${circles.join(',')}],"points":[${points.join(',')}],"texts":[${texts.join(',')}]}`;
      context.sink.writeJson(`/${f.thread}/annotations`, IMAGE_ANNOTATIONS, stamped(json, f.stamp), f.time);
    }
    const stopwatch = f.frame.messages.find((m) => m.id === MessageID.idStopwatch);
    if (!stopwatch) return;
    f.take(stopwatch);
    try {
      const decoded = decodeStopwatch(stopwatch.payload);
      let names = this.watchNames.get(f.thread);
      if (!names) this.watchNames.set(f.thread, (names = new Map()));
      for (const n of decoded.names) names.set(n.watchId, n.name);
      const milliseconds: Record<string, number> = {};
      for (const t of decoded.times) milliseconds[names.get(t.watchId) ?? `#${t.watchId}`] = t.micros / 1000;
      context.sink.write(
        `/${f.thread}/stopwatches`,
        STOPWATCHES,
        { timestamp: f.stamp, frame: decoded.frameNumber, milliseconds },
        f.time,
      );
    } catch {
      context.skip('Stopwatch (undecodable)');
    }
  }

  /**
   * What `r` draws of its representation in `f`: undefined when the frame has none or it cannot be decoded. A
   * representation with the same bytes as last time in this thread is neither decoded nor drawn again.
   */
  private drawn(f: ExportFrame, r: (typeof drawers)[number]): Drawn | undefined {
    const message = f.message(r.typeName);
    if (!message) return undefined;
    const known = this.drawnCache.get(r.typeName, message.payload);
    if (known) {
      f.take(message);
      return known;
    }
    const value = f.representation<object>(r.typeName);
    if (value === undefined) return undefined;
    const output: DebugOutput = { values: {}, field: new Map(), image: [] };
    let failure: string | undefined;
    try {
      r.hooks.draw!(value, new DebugCollector(output, STAMP_PLACEHOLDER, (id) => this.primitivesOf(f.thread, id)));
    } catch (e) {
      failure = `${r.typeName} (draw failed: ${e instanceof Error ? e.message : String(e)})`;
    }
    const field = new Map<string, TextPiece>();
    for (const [id, d] of output.field) field.set(id, this.entityTail(f.thread, id, d));
    const images = output.image;
    const drawn: Drawn = {
      plots: JSON.stringify(output.values).slice(1, -1),
      field,
      images: images.length,
      circles: images.length > 0 ? jsonTexts(images.flatMap((d) => d.circles)) : [],
      points: images.length > 0 ? jsonTexts(images.flatMap((d) => d.points)) : [],
      texts: images.length > 0 ? jsonTexts(images.flatMap((d) => d.imageTexts)) : [],
      failure,
    };
    return this.drawnCache.set(r.typeName, message.payload, drawn);
  }

  /** The primitive texts of `thread`'s field drawing `id` from its frame before. */
  private primitivesOf(thread: string, id: string): PrimitiveTexts {
    const drawing = `${thread}/${id}`;
    let primitives = this.primitives.get(drawing);
    if (!primitives) this.primitives.set(drawing, (primitives = new PrimitiveTexts()));
    return primitives;
  }

  /** The entity text of field drawing `id`, as last time when it painted what it did then. */
  private entityTail(thread: string, id: string, drawing: CollectedDrawing): TextPiece {
    const key = `${thread}/${id}`;
    const known = this.primitives.get(key)?.repeatedLastFrame ? this.tails.get(key) : undefined;
    if (known !== undefined) return (known.bytes ??= Buffer.from(known.text));
    const text = sceneEntityTail('field', id, drawing);
    this.tails.set(key, { text });
    return text;
  }
}
