import { describe, expect, it } from 'vitest';
import { buildMessageIdRemap } from '../messages/messageIdRemap';
import { MessageID } from '../messages/MessageIDs';
import { remapMessageIds } from './remapIds';

describe('remapMessageIds', () => {
  it('renumbers by name and drops unknown ids', () => {
    const { table } = buildMessageIdRemap(['undefined', 'idProcessBegin', 'idOldThing', 'idText']);
    const payload = Uint8Array.of(1);
    const result = remapMessageIds(
      [
        { id: 1, payload },
        { id: 2, payload },
        { id: 3, payload },
      ],
      table,
    );
    expect(result.map((m) => m.id)).toEqual([MessageID.idFrameBegin, MessageID.idText]);
    expect(result[1]!.payload).toBe(payload);
    expect(remapMessageIds([{ id: 2, payload }], table, { dropUnknown: false }).map((m) => m.id)).toEqual([0]);
  });
});
