/**
 * @file Plottable channels for Foxglove's Plot panel: the plots a representation's draw() would send (the same
 * `plot:<id>` values the IDE's plot views show, computed from the logged representation) on `/<thread>/plots`
 * as `{ timestamp, values: { <id>: number } }`, and the logged stopwatch times on `/<thread>/stopwatches` as
 * `{ timestamp, frame, milliseconds: { <name>: ms } }`. Plot a series with a path such as
 * `/Cognition/plots.values["representation:BallModel:distance"]`.
 */
import type { DebugContext } from '../../../../robot-runtime/core/debug/DebugContext';
import { decodeStopwatch } from '../../../../robot-runtime/protocol/debugMessages/stopwatch';
import { MessageID, representationForMessageId } from '../../../../robot-runtime/protocol/messages/MessageIDs';
import type { TypeRef } from '../../../../robot-runtime/protocol/types';
import { allRepresentations } from '../../../../robot-runtime/representations/allRepresentations';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import type { McapSchema } from './McapSink';

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

/** A debug context in which only plots are active: draw() runs and its plot values are kept. */
function plotCollector(values: Record<string, number>): DebugContext {
  return {
    isActive: (name) => name.startsWith('plot:'),
    drawing: () => undefined,
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

/** Plots and stopwatches. */
export class PlotWriter implements ChannelWriter {
  /** Stopwatch names by thread and id (B-Human sends a few names per frame, round-robin). */
  private readonly watchNames = new Map<string, Map<number, string>>();

  async frame(f: ExportFrame, context: ExportContext): Promise<void> {
    const values: Record<string, number> = {};
    const debug = plotCollector(values);
    const present = new Set(f.frame.messages.map((m) => representationForMessageId(m.id)));
    for (const r of drawers) {
      if (!present.has(r.typeName)) continue;
      const value = f.representation<object>(r.typeName);
      if (value === undefined) continue;
      try {
        r.hooks.draw!(value, debug);
      } catch {
        context.skip(`${r.typeName} (plot failed)`);
      }
    }
    if (Object.keys(values).length > 0)
      await context.sink.write(`/${f.thread}/plots`, PLOTS, { timestamp: f.stamp, values }, f.time);
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
}
