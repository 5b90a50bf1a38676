import { describe, expect, it } from 'vitest';
import { encode } from '../../protocol/binary/encode';
import { decodeDebugDataResponse } from '../../protocol/debugMessages/debugData';
import { decodeTextMessage } from '../../protocol/debugMessages/textMessage';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { defineClass, field, t } from '../../protocol/types';
import { dataChange, makeDebugger, ofId, request } from './testHelpers';

const Params = defineClass('ThreadDebuggerTestParams', {
  speed: field(t.float, 'a float', 1.5),
  count: field(t.int32, 'an int', 3),
});

describe('ThreadDebugger: MODIFY', () => {
  it('holds an override over the object in place every frame until released', () => {
    const { debug } = makeDebugger();
    const params = Params.defaultValue();
    debug.handle(dataChange('module:M', encode(Params, { speed: 0.25, count: 9 })));
    for (let f = 1; f <= 3; f++) {
      debug.beginFrame(f, 0);
      params.count = 3; // the module keeps writing its own value ...
      const used = debug.context.modify('module:M', Params, params);
      expect(used).toBe(params); // ... but the same object now holds the override
      expect(params).toEqual({ speed: 0.25, count: 9 });
      debug.endFrame();
    }
    debug.handle(dataChange('module:M'));
    debug.beginFrame(4, 0);
    params.count = 3;
    debug.context.modify('module:M', Params, params);
    expect(params.count).toBe(3);
  });

  it('overrides primitives by returning the held value', () => {
    const { debug } = makeDebugger();
    debug.handle(dataChange('threshold', encode(t.int32, 42)));
    debug.beginFrame(1, 0);
    expect(debug.context.modify('threshold', t.int32, 7)).toBe(42);
  });

  it('answers debug data:<name> once with name, type name and the value in use', () => {
    const { debug } = makeDebugger();
    const params = Params.defaultValue();
    debug.handle(request('debug data:module:M'));
    debug.beginFrame(1, 0);
    debug.context.modify('module:M', Params, params);
    debug.context.modify('module:M', Params, params);
    const answers = ofId(debug.endFrame(), MessageID.idDebugDataResponse).map((m) =>
      decodeDebugDataResponse(m.payload),
    );
    expect(answers).toEqual([{ name: 'module:M', type: 'ThreadDebuggerTestParams', data: encode(Params, params) }]);
    debug.beginFrame(2, 0);
    debug.context.modify('module:M', Params, params);
    expect(ofId(debug.endFrame(), MessageID.idDebugDataResponse)).toHaveLength(0);
  });

  it('garbled override bytes leave the object untouched, report once and drop the override', () => {
    const { debug } = makeDebugger();
    const params = Params.defaultValue();
    debug.handle(dataChange('module:M', new Uint8Array([1, 2, 3])));
    debug.beginFrame(1, 0);
    expect(() => debug.context.modify('module:M', Params, params)).not.toThrow();
    expect(params).toEqual({ speed: 1.5, count: 3 });
    debug.context.modify('module:M', Params, params);
    const texts = ofId(debug.endFrame(), MessageID.idText).map((m) => decodeTextMessage(m.payload));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Error: cannot apply debug data module:M as ThreadDebuggerTestParams/);
  });
});

describe('ThreadDebugger: OUTPUT', () => {
  it('streams a representation under its message id only while representation:<Rep> is on', () => {
    const { debug } = makeDebugger();
    const value = Params.defaultValue();
    debug.beginFrame(1, 0);
    debug.outputRepresentation('BallModel', MessageID.idBallModel, Params, value);
    expect(debug.endFrame()).toEqual([]);
    debug.handle(request('representation:BallModel'));
    debug.beginFrame(2, 0);
    debug.outputRepresentation('BallModel', MessageID.idBallModel, Params, value);
    debug.outputRepresentation('NoId', undefined, Params, value);
    expect(debug.endFrame()).toEqual([{ id: MessageID.idBallModel, payload: encode(Params, value) }]);
  });
});
