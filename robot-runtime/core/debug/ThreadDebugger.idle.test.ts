import { describe, expect, it } from 'vitest';
import { decode } from '../../protocol/binary';
import { decodeDebugDataResponse } from '../../protocol/debugMessages/debugData';
import { Colors } from '../../math/colors';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { defineClass, field, t } from '../../protocol/types';
import { announced, makeDebugger, ofId, request, responses } from './testHelpers';

const Params = defineClass('ThreadDebuggerIdleParams', { speed: field(t.float, 'a float', 1.5) });

describe('ThreadDebugger while its thread does not run', () => {
  it('answers polling and get from the last frame, and sends that frame’s drawings along', () => {
    const { debug } = makeDebugger();
    const params = Params.defaultValue();
    const frame = (n: number) => {
      debug.beginFrame(n, 0);
      debug.context.modify('module:M', Params, params);
      debug.context.drawing('representation:BallModel', 'drawingOnField', (d) =>
        d.dot(1, 2, Colors.black, Colors.black),
      );
      return debug.endFrame();
    };
    debug.handle(request('poll'));
    for (let f = 1; f <= 3; f++) frame(f);
    debug.handle(request('debug drawing:representation:BallModel'));
    frame(4);
    // Nothing asked: no frame at all.
    expect(debug.serveIdle()).toEqual([]);

    // The simulation is paused: a new polling round and a `get` are answered without a frame.
    params.speed = 0.75;
    debug.handle(request('poll'));
    debug.handle(request('debug data:module:M'));
    const idle = debug.serveIdle();
    expect(announced(idle)).toEqual(
      expect.arrayContaining(['debug data:module:M', 'debug drawing:representation:BallModel']),
    );
    expect(responses(idle).at(-1)).toEqual({ kind: 'pollingFinished' });
    const data = decodeDebugDataResponse(ofId(idle, MessageID.idDebugDataResponse)[0]!.payload);
    expect(data.name).toBe('module:M');
    expect(decode(Params, data.data)).toEqual({ speed: 0.75 });
    expect(ofId(idle, MessageID.idDebugDrawing)).toHaveLength(1);
    // Answered once, as in a frame.
    expect(debug.serveIdle()).toEqual([]);
  });
});
