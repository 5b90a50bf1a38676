/**
 * @file What the IDE's debug views show, computed from the logged representations by their draw(): plots on
 * `/<thread>/plots` as `{ timestamp, values: { <id>: number } }` (plot a series with a path such as
 * `/Cognition/plots.values["representation:BallModel:distance"]`), field drawings on `/<thread>/drawings` as a
 * `foxglove.SceneUpdate` with one entity per drawing (frame `field`), image drawings on `/<thread>/annotations`
 * as `foxglove.ImageAnnotations`, and the logged stopwatch times on `/<thread>/stopwatches` as
 * `{ timestamp, frame, milliseconds: { <name>: ms } }`.
 */
import type { DebugContext } from '@robot-runtime/core/debug/DebugContext';
import { decodeStopwatch } from '@robot-runtime/protocol/debugMessages/stopwatch';
import { MessageID, representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import type { TypeRef } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { DrawingCollector, type CollectedDrawing } from './drawingCollector';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import type { FoxgloveTime, McapSchema } from './McapSink';
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

/** Plots, drawings and stopwatches. */
export class DebugOutputWriter implements ChannelWriter {
  /** Field drawings shown in the previous frame of a thread (removed when a frame no longer draws them). */
  private readonly shown = new Map<string, Set<string>>();

  /** Stopwatch names by thread and id (B-Human sends a few names per frame, round-robin). */
  private readonly watchNames = new Map<string, Map<number, string>>();

  async frame(f: ExportFrame, context: ExportContext): Promise<void> {
    const output: DebugOutput = { values: {}, field: new Map(), image: [] };
    const values = output.values;
    const debug = debugCollector(output, f.stamp);
    const present = new Set(f.frame.messages.map((m) => representationForMessageId(m.id)));
    for (const r of drawers) {
      if (!present.has(r.typeName)) continue;
      const value = f.representation<object>(r.typeName);
      if (value === undefined) continue;
      try {
        r.hooks.draw!(value, debug);
      } catch (e) {
        context.skip(`${r.typeName} (draw failed: ${e instanceof Error ? e.message : String(e)})`);
      }
    }
    if (Object.keys(values).length > 0)
      await context.sink.write(`/${f.thread}/plots`, PLOTS, { timestamp: f.stamp, values }, f.time);
    await this.writeDrawings(f, output, context);
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

  private async writeDrawings(f: ExportFrame, output: DebugOutput, context: ExportContext): Promise<void> {
    const before = this.shown.get(f.thread) ?? new Set<string>();
    const now = new Set(output.field.keys());
    if (now.size > 0 || before.size > 0) {
      const entities = [...output.field].map(([id, d]) =>
        sceneEntity(f.stamp, 'field', id, {
          lines: d.lines,
          cylinders: d.cylinders,
          spheres: d.spheres,
          texts: d.texts,
          triangles: d.triangles,
        }),
      );
      // SceneEntityDeletionType MATCHING_ID = 0: a drawing no longer painted disappears.
      const deletions = [...before].filter((id) => !now.has(id)).map((id) => ({ timestamp: f.stamp, type: 0, id }));
      await context.sink.write(`/${f.thread}/drawings`, SCENE_UPDATE, { deletions, entities }, f.time);
      this.shown.set(f.thread, now);
    }
    if (output.image.length > 0) {
      const annotations = {
        circles: output.image.flatMap((d) => d.circles),
        points: output.image.flatMap((d) => d.points),
        texts: output.image.flatMap((d) => d.imageTexts),
      };
      await context.sink.write(`/${f.thread}/annotations`, IMAGE_ANNOTATIONS, annotations, f.time);
    }
  }
}
