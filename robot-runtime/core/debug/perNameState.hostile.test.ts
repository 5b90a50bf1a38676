import { describe, expect, it } from 'vitest';
import { encodeDebugRequest } from '../../protocol/debugMessages';
import type { Message } from '../../protocol/messageQueue/Message';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { defineClass, field, t } from '../../protocol/types';
import { encode } from '../../protocol/binary/encode';
import { DebugHub, MAX_REMEMBERED_REQUESTS } from './DebugHub';
import { MAX_ACTIVE_REQUESTS } from './DebugRequestTable';
import { dataChange, makeDebugger, request } from './testHelpers';
import { MAX_OVERRIDES } from './ThreadDebugger';

const Params = defineClass('PerNameStateTestParams', { speed: field(t.float, 'a float', 1.5) });
/** How many ever-new names the hostile client sends: well above every bound. */
const FLOOD = 20_000;

describe('per-name state a client can create (finding 4)', () => {
  it('bounds the requests a thread holds and the overrides, and forgets junk on disableAll', () => {
    const { debug } = makeDebugger();
    const blob = new Uint8Array(256);
    for (let i = 0; i < FLOOD; i++) {
      debug.handle(request(`junk:${i}`));
      debug.handle(dataChange(`junk:${i}`, blob));
    }
    expect(debug.requests.activeCount).toBe(MAX_ACTIVE_REQUESTS);
    expect(debug.heldOverrides.count).toBeLessThanOrEqual(MAX_OVERRIDES);
    // A real MODIFY point's override survives the console leaving; junk nobody reads does not.
    debug.handle(dataChange('junk:0'));
    debug.handle(dataChange('module:Real', encode(Params, { speed: 3 })));
    debug.beginFrame(1, 0);
    expect(debug.context.modify('module:Real', Params, Params.defaultValue())).toEqual({ speed: 3 });
    debug.endFrame();
    debug.handle(request('disableAll', false));
    expect(debug.requests.activeCount).toBe(0);
    expect(debug.heldOverrides.count).toBe(1);
    expect(debug.heldOverrides.bytes).toBe(4);
  });

  it('bounds what the hub remembers and forgets it when the console leaves', () => {
    const delivered: Message[] = [];
    const hub = new DebugHub({
      threads: () => ['Cognition'],
      deliver: (_t, m) => void delivered.push(...m),
      typeInfo: () => new Uint8Array(0),
      modules: [],
      configuration: () => ({ defaultRepresentations: [], threads: [] }),
      reconfigure: () => [],
      robotName: { headName: 'H', bodyName: 'B', location: 'Default', scenario: 'Default', playerNumber: 1 },
      send: () => {},
    });
    for (let i = 0; i < FLOOD; i += 100) {
      hub.receive(
        Array.from({ length: 100 }, (_, j) => ({
          id: MessageID.idDebugRequest,
          payload: encodeDebugRequest({ name: `junk:${i + j}`, enable: true }),
        })),
      );
    }
    expect(hub.rememberedRequests).toBe(MAX_REMEMBERED_REQUESTS);
    delivered.length = 0;
    hub.forgetConsole();
    expect(hub.rememberedRequests).toBe(0);
    expect(delivered).toHaveLength(1); // disableAll to the thread, as the console would have sent on leaving
  });

  it('answers a queue asking for the type info many times once (finding 2)', () => {
    const sent: Message[][] = [];
    const hub = new DebugHub({
      threads: () => ['Cognition'],
      deliver: () => {},
      typeInfo: () => new Uint8Array(300_000),
      modules: [],
      configuration: () => ({ defaultRepresentations: [], threads: [] }),
      reconfigure: () => [],
      robotName: { headName: 'H', bodyName: 'B', location: 'Default', scenario: 'Default', playerNumber: 1 },
      send: (m) => sent.push(m),
    });
    const ask = {
      id: MessageID.idDebugRequest,
      payload: encodeDebugRequest({ name: 'automated requests:TypeInfo', enable: true }),
    };
    hub.receive(Array.from({ length: 64 }, () => ask));
    expect(sent.flat().filter((m) => m.id === MessageID.idTypeInfo)).toHaveLength(1);
  });
});
