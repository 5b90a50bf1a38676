import { describe, expect, it } from 'vitest';
import { encodeDebugDataResponse } from '@robot-runtime/protocol/debugMessages/debugData';
import { encodeDebugImage, PixelType } from '@robot-runtime/protocol/debugMessages/debugImage';
import { encodeDebugResponse } from '@robot-runtime/protocol/debugMessages/debugResponse';
import { encodeDrawingManager } from '@robot-runtime/protocol/debugMessages/drawingManager';
import { encodePlot } from '@robot-runtime/protocol/debugMessages/plot';
import { encodeStopwatch } from '@robot-runtime/protocol/debugMessages/stopwatch';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { frame } from '../testing/ScriptedRobot';
import { MAX_PLOTS_PER_THREAD } from './PlotStore';
import { MAX_REQUESTS } from './RequestTable';
import {
  MAX_DEBUG_DATA_PER_THREAD,
  MAX_DEBUG_IMAGES_PER_THREAD,
  MAX_THREADS,
  RobotModel,
  type ModelListener,
} from './RobotModel';
import { MAX_STOPWATCHES_PER_THREAD } from './TimingStore';

/** New names a hostile robot announces per table. */
const NEW_NAMES = 100_000;

/** A model whose console output is collected. */
function model(): { model: RobotModel; said: string[] } {
  const said: string[] = [];
  const listener: ModelListener = {
    text: () => {},
    consoleLine: () => {},
    data: () => {},
    frame: () => {},
    malformed: (_thread, _message, error) => said.push(`malformed: ${String(error)}`),
    message: () => {},
    limit: (text) => said.push(text),
  };
  return { model: new RobotModel(listener, 1000), said };
}

/** Applies `messages` inside one Cognition frame. */
function inCognition(m: RobotModel, messages: Message[]): void {
  for (const message of frame('Cognition', messages)) m.apply(message);
}

/** Messages `make(i)` for i = 0 … NEW_NAMES - 1. */
const many = (make: (i: number) => Message): Message[] => Array.from({ length: NEW_NAMES }, (_, i) => make(i));

describe("the console's per-name tables under a robot announcing ever new names", () => {
  it('keeps at most MAX_REQUESTS announced requests and says so once', () => {
    const { model: m, said } = model();
    const announce = (i: number): Message => ({
      id: MessageID.idDebugResponse,
      payload: encodeDebugResponse({ kind: 'request', name: `debug data:hostile${i}`, enabled: false }),
    });
    for (const message of many(announce)) m.apply(message);
    expect(m.requests.size).toBe(MAX_REQUESTS);
    expect(said).toEqual([`Warning: the robot sent more than ${MAX_REQUESTS} debug requests; new ones are ignored`]);
    // Names it knows still update.
    m.apply({
      ...announce(0),
      payload: encodeDebugResponse({ kind: 'request', name: 'debug data:hostile0', enabled: true }),
    });
    expect(m.requests.get('debugData:hostile0')!.enabledIn.has('Debug')).toBe(true);
  });

  it('keeps at most MAX_PLOTS_PER_THREAD plot ids per thread', () => {
    const { model: m, said } = model();
    m.plots.setView('p', { numOfValues: 10, minValue: 0, maxValue: 1, yUnit: '', xUnit: '', xScale: 1 });
    inCognition(
      m,
      many((i) => ({ id: MessageID.idPlot, payload: encodePlot({ id: `hostile${i}`, value: i }) })),
    );
    expect(m.plots.values('Cognition', `hostile${MAX_PLOTS_PER_THREAD - 1}`)).toEqual([MAX_PLOTS_PER_THREAD - 1]);
    expect(m.plots.values('Cognition', `hostile${MAX_PLOTS_PER_THREAD}`)).toEqual([]);
    expect(said).toEqual([
      `Warning: the robot sent more than ${MAX_PLOTS_PER_THREAD} plot ids per thread; new ones are ignored`,
    ]);
  });

  it('keeps at most MAX_STOPWATCHES_PER_THREAD stopwatches per thread', () => {
    const { model: m, said } = model();
    // Stopwatch ids are 16 bits: every one of them, named and measured, over two frames.
    const ids = Array.from({ length: 65_536 }, (_, i) => i);
    for (const half of [ids.slice(0, 32_768), ids.slice(32_768)]) {
      const payload = encodeStopwatch({
        names: half.map((watchId) => ({ watchId, name: `hostile${watchId}` })),
        times: half.map((watchId) => ({ watchId, micros: 1000 })),
        threadStartTime: 0,
        frameNumber: 0,
      });
      inCognition(m, [{ id: MessageID.idStopwatch, payload }]);
    }
    expect(m.timing.table('Cognition').rows).toHaveLength(MAX_STOPWATCHES_PER_THREAD);
    expect(said).toEqual([
      `Warning: the robot sent more than ${MAX_STOPWATCHES_PER_THREAD} stopwatches per thread; new ones are ignored`,
    ]);
  });

  it('keeps at most MAX_DEBUG_IMAGES_PER_THREAD debug images per thread', () => {
    const { model: m, said } = model();
    const pixels = new Uint8Array(4);
    inCognition(
      m,
      many((i) => ({
        id: MessageID.idDebugImage,
        payload: encodeDebugImage({
          id: `hostile${i}`,
          image: { pixelType: PixelType.BGRA, width: 1, height: 1, pixels },
        }),
      })),
    );
    expect(m.debugImages.get('Cognition')!.size).toBe(MAX_DEBUG_IMAGES_PER_THREAD);
    expect(said).toEqual([
      `Warning: the robot sent more than ${MAX_DEBUG_IMAGES_PER_THREAD} debug images per thread; new ones are ignored`,
    ]);
  });

  it('keeps at most MAX_DEBUG_DATA_PER_THREAD debug data answers per thread', () => {
    const { model: m, said } = model();
    const data = new Uint8Array(1);
    inCognition(
      m,
      many((i) => ({
        id: MessageID.idDebugDataResponse,
        payload: encodeDebugDataResponse({ name: `debug data:hostile${i}`, type: 'unsigned char', data }),
      })),
    );
    expect(m.debugData.get('Cognition')!.size).toBe(MAX_DEBUG_DATA_PER_THREAD);
    expect(m.debugDataOf('Cognition', 'hostile0')).toBeDefined();
    expect(said).toEqual([
      `Warning: the robot sent more than ${MAX_DEBUG_DATA_PER_THREAD} debug data names per thread; ` +
        'new ones are ignored',
    ]);
  });

  it('keeps data of at most MAX_THREADS threads and drops the frames of further new ones', () => {
    const { model: m, said } = model();
    for (let i = 0; i < NEW_NAMES; i++)
      for (const message of frame(`hostile${i}`, [
        { id: MessageID.idPlot, payload: encodePlot({ id: 'x', value: i }) },
      ]))
        m.apply(message);
    expect(m.threads).toHaveLength(MAX_THREADS);
    // Frames of known threads still count.
    m.plots.setView('p', { numOfValues: 10, minValue: 0, maxValue: 1, yUnit: '', xUnit: '', xScale: 1 });
    for (const message of frame('hostile0', [{ id: MessageID.idPlot, payload: encodePlot({ id: 'x', value: 7 }) }]))
      m.apply(message);
    expect(m.plots.values('hostile0', 'x')).toEqual([7]);
    for (const message of frame(`hostile${MAX_THREADS}`, [
      { id: MessageID.idPlot, payload: encodePlot({ id: 'x', value: 7 }) },
    ]))
      m.apply(message);
    expect(m.plots.values(`hostile${MAX_THREADS}`, 'x')).toEqual([]);
    expect(m.plots.values('Debug', 'x')).toEqual([]);
    expect(said).toEqual([`Warning: the robot sent more than ${MAX_THREADS} threads; new ones are ignored`]);
  });

  it('keeps at most 256 drawings per thread: drawing ids are one byte, a new declaration replaces the old one', () => {
    const { model: m, said } = model();
    const drawings = Array.from({ length: NEW_NAMES }, (_, i) => ({ id: i % 256, typeId: 0, name: `hostile${i}` }));
    const payload = encodeDrawingManager({ types: [{ id: 0, name: 'drawingOnField' }], drawings });
    inCognition(m, [{ id: MessageID.idDrawingManager, payload }]);
    expect(m.drawings.declared(['Cognition'])).toHaveLength(256);
    expect(said).toEqual([]);
  });
});
