/**
 * @file What the IDE's debug views show, computed from the logged representations by their draw(): plots on
 * `/<thread>/plots` as `{ timestamp, values: { <id>: number } }` (plot a series with a path such as
 * `/Cognition/plots.values["representation:BallModel:distance"]`), field drawings on `/<thread>/drawings` as a
 * `foxglove.SceneUpdate` with one entity per drawing (frame `field`), image drawings on `/<thread>/annotations`
 * as `foxglove.ImageAnnotations`, and the logged stopwatch times on `/<thread>/stopwatches` as
 * `{ timestamp, frame, milliseconds: { <name>: ms } }`. A representation logged with the same bytes as the last
 * time in its thread is not drawn again: what it drew is reused as JSON (repeatedJson.ts).
 */
import type { DebugContext } from '@robot-runtime/core/debug/DebugContext';
import { decodeStopwatch } from '@robot-runtime/protocol/debugMessages/stopwatch';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { TypeRef } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { DrawingCollector, type CollectedDrawing } from './drawingCollector';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import type { FoxgloveTime, McapSchema } from './McapSink';
import { JsonTexts, RepeatCache, STAMP_PLACEHOLDER, stamped } from './repeatedJson';
import { sceneEntity } from './scenePrimitives';

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

/** A debug context in which plots and 2-D drawings are active: draw() runs and what it paints is kept. */
function debugCollector(output: DebugOutput, stamp: FoxgloveTime): DebugContext {
  const { values } = output;
  return {
    isActive: (name) => name.startsWith('plot:') || name.startsWith('debug drawing:'),
    drawing: (id, type, draw) => {
      const collector = new DrawingCollector(type === 'drawingOnField' ? 'field' : 'image', stamp);
      draw(collector);
      if (type === 'drawingOnField') output.field.set(id, collector.out);
      else output.image.push(collector.out);
    },
    drawing3d: () => undefined,
    plot: (id, value) => {
      const v = typeof value === 'function' ? value() : value;
      if (Number.isFinite(v)) values[id] = v;
    },
    annotation: () => undefined,
    text: () => undefined,
    response: () => undefined,
    stopwatch: (_name, fn) => fn(),
    modify: <V>(_name: string, _type: TypeRef<V>, value: V) => value,
    image: () => undefined,
  };
}

/**
 * What one representation's draw() produced, as JSON where it is written as JSON (with STAMP_PLACEHOLDER for the
 * time); kept while the representation's bytes repeat.
 */
interface Drawn {
  /** Plotted values by id. */
  values: Record<string, number>;
  /** Field drawings by id: the JSON of their SceneEntity. */
  field: Map<string, string>;
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

  /** What each representation drew last time, by thread and representation. */
  private readonly drawnCache = new RepeatCache<Drawn>();

  /** JSON of the last entity per thread and drawing, reused while the drawing repeats. */
  private readonly entities = new JsonTexts();

  async frame(f: ExportFrame, context: ExportContext): Promise<void> {
    const values: Record<string, number> = {};
    const field = new Map<string, string>();
    let images = 0;
    const circles: string[] = [];
    const points: string[] = [];
    const texts: string[] = [];
    for (const r of drawers) {
      const drawn = this.drawn(f, r);
      if (!drawn) continue;
      if (drawn.failure !== undefined) context.skip(drawn.failure);
      Object.assign(values, drawn.values);
      for (const [id, json] of drawn.field) field.set(id, json);
      images += drawn.images;
      circles.push(...drawn.circles);
      points.push(...drawn.points);
      texts.push(...drawn.texts);
    }
    if (Object.keys(values).length > 0)
      await context.sink.write(`/${f.thread}/plots`, PLOTS, { timestamp: f.stamp, values }, f.time);
    const before = this.shown.get(f.thread) ?? new Set<string>();
    if (field.size > 0 || before.size > 0) {
      // SceneEntityDeletionType MATCHING_ID = 0: a drawing no longer painted disappears.
      const deletions = [...before]
        .filter((id) => !field.has(id))
        .map((id) => ({ timestamp: STAMP_PLACEHOLDER, type: 0, id }));
      const json = `{"deletions":${JSON.stringify(deletions)},"entities":[${[...field.values()].join(',')}]}`;
      await context.sink.writeJson(`/${f.thread}/drawings`, SCENE_UPDATE, stamped(json, f.stamp), f.time);
      this.shown.set(f.thread, new Set(field.keys()));
    }
    if (images > 0) {
      const json = `{"circles":[${circles.join(',')}],"points":[${points.join(',')}],"texts":[${texts.join(',')}]}`;
      await context.sink.writeJson(`/${f.thread}/annotations`, IMAGE_ANNOTATIONS, stamped(json, f.stamp), f.time);
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
      await context.sink.write(
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
    const key = `${f.thread}/${r.typeName}`;
    const known = this.drawnCache.get(key, message.payload);
    if (known) {
      f.take(message);
      return known;
    }
    const value = f.representation<object>(r.typeName);
    if (value === undefined) return undefined;
    const output: DebugOutput = { values: {}, field: new Map(), image: [] };
    let failure: string | undefined;
    try {
      r.hooks.draw!(value, debugCollector(output, STAMP_PLACEHOLDER));
    } catch (e) {
      failure = `${r.typeName} (draw failed: ${e instanceof Error ? e.message : String(e)})`;
    }
    const json = (items: unknown[]): string[] => items.map((item) => JSON.stringify(item));
    const drawn: Drawn = {
      values: output.values,
      field: new Map(
        [...output.field].map(([id, d]) => [
          id,
          this.entities.of(
            `${f.thread}/${id}`,
            sceneEntity(STAMP_PLACEHOLDER, 'field', id, {
              lines: d.lines,
              cylinders: d.cylinders,
              spheres: d.spheres,
              texts: d.texts,
              triangles: d.triangles,
            }),
          ),
        ]),
      ),
      images: output.image.length,
      circles: json(output.image.flatMap((d) => d.circles)),
      points: json(output.image.flatMap((d) => d.points)),
      texts: json(output.image.flatMap((d) => d.imageTexts)),
      failure,
    };
    return this.drawnCache.set(key, message.payload, drawn);
  }
}
