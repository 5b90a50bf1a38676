import { describe, expect, it } from 'vitest';
import {
  decodeDebugResponse,
  decodeTextMessage,
  encodeDebugRequest,
  encodeModuleRequest,
} from '../../protocol/debugMessages';
import { encode } from '../../protocol/binary';
import type { Message } from '../../protocol/messageQueue/Message';
import { frameThreadName } from '../../protocol/messageQueue/frames';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { ConfigurationType, makeThread, type Configuration } from '../config/Configuration';
import { RequestNames } from '../../protocol/debugMessages/requestNames';
import { DebugHub } from './DebugHub';

const request = (name: string, enable = true): Message => ({
  id: MessageID.idDebugRequest,
  payload: encodeDebugRequest({ name, enable }),
});
const threadMessage = (name: string): Message => {
  const bytes = new TextEncoder().encode(name);
  const payload = new Uint8Array(4 + bytes.length);
  new DataView(payload.buffer).setUint32(0, bytes.length, true);
  payload.set(bytes, 4);
  return { id: MessageID.idThread, payload };
};

function hub(reconfigure: (c: Configuration) => readonly string[] = () => []) {
  const delivered = new Map<string, Message[]>();
  const sent: Message[][] = [];
  let configuration: Configuration = {
    defaultRepresentations: [],
    threads: [makeThread('Upper', 'Perception'), makeThread('Cognition', 'Cognition')],
  };
  const h = new DebugHub({
    threads: () => configuration.threads.map((t) => t.name),
    deliver: (t, m) => void delivered.set(t, [...(delivered.get(t) ?? []), ...m]),
    typeInfo: () => new Uint8Array([1, 2, 3]),
    modules: [],
    configuration: () => configuration,
    reconfigure: (c) => {
      const errors = reconfigure(c);
      if (!errors.length) configuration = c;
      return errors;
    },
    robotName: { headName: 'Head', bodyName: 'Body', location: 'Default', scenario: 'Default', playerNumber: 3 },
    send: (m) => sent.push(m),
  });
  return { h, delivered, sent };
}

describe('DebugHub', () => {
  it('routes idThread-addressed messages to one thread and the rest to all', () => {
    const { h, delivered } = hub();
    h.receive([threadMessage('Cognition'), request('representation:BallModel'), request('timing')]);
    expect(delivered.get('Cognition')!.length).toBe(2);
    expect(delivered.get('Upper')!.length).toBe(1);
  });

  it('answers type info, robot name and polling as the Debug thread', () => {
    const { h, sent, delivered } = hub();
    h.receive([request(RequestNames.typeInfo), request(RequestNames.robotName), request('poll')]);
    const replies = sent.flat();
    expect(replies[0]).toEqual({ id: MessageID.idTypeInfo, payload: new Uint8Array([1, 2, 3]) });
    expect(replies.some((m) => m.id === MessageID.idRobotName)).toBe(true);
    expect(replies.filter((m) => m.id === MessageID.idText).map((m) => decodeTextMessage(m.payload))[0]).toContain(
      'Head',
    );
    const responses = replies
      .filter((m) => m.id === MessageID.idDebugResponse)
      .map((m) => decodeDebugResponse(m.payload));
    expect(responses.at(-1)).toEqual({ kind: 'pollingFinished' });
    expect(delivered.get('Upper')!.length).toBe(1); // the threads poll too
  });

  it('frames thread output and sends nothing for empty frames', () => {
    const { h, sent } = hub();
    h.threadFrame('Upper', []);
    expect(sent).toEqual([]);
    h.threadFrame('Upper', [{ id: MessageID.idText, payload: new Uint8Array([0, 0, 0, 0]) }]);
    expect(sent[0]!.map((m) => m.id)).toEqual([MessageID.idFrameBegin, MessageID.idText, MessageID.idFrameFinished]);
    expect(frameThreadName(sent[0]![0]!.payload)).toBe('Upper');
  });

  it('applies a valid module request and refuses an invalid one with the reasons', () => {
    const { h, sent } = hub((c) => (c.threads.length > 2 ? ['Thread Extra has no providers'] : []));
    const config = (threads: string[]): Message => ({
      id: MessageID.idModuleRequest,
      payload: encodeModuleRequest({
        timestamp: 1,
        configuration: encode(ConfigurationType, {
          defaultRepresentations: [],
          threads: threads.map((t) => makeThread(t, 'Cognition')),
        }),
      }),
    });
    h.receive([config(['A', 'B', 'Extra'])]);
    expect(decodeTextMessage(sent.flat()[0]!.payload)).toBe('Module request refused: Thread Extra has no providers');
    h.receive([config(['A', 'B'])]);
    expect(sent.flat().at(-1)!.id).toBe(MessageID.idModuleTable);
  });

  it('replays the requests in force after the threads were restarted, and forgets them on disableAll', () => {
    const { h, delivered } = hub();
    h.receive([request('representation:BallModel'), threadMessage('Upper'), request('timing')]);
    delivered.clear();
    h.replayRequests();
    expect(delivered.get('Upper')!.length).toBe(2);
    expect(delivered.get('Cognition')!.length).toBe(1);
    h.receive([request('disableAll')]);
    delivered.clear();
    h.replayRequests();
    expect(delivered.size).toBe(0);
  });

  it('reports malformed messages as text instead of throwing', () => {
    const { h, sent } = hub();
    expect(() => h.receive([{ id: MessageID.idDebugRequest, payload: new Uint8Array([200, 0]) }])).not.toThrow();
    expect(decodeTextMessage(sent.flat()[0]!.payload)).toMatch(/malformed/);
  });
});
