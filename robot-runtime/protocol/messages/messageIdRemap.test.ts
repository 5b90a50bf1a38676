import { describe, expect, it } from 'vitest';
import { MessageID, messageIdNames } from './MessageIDs';
import { buildMessageIdRemap, isIdentityRemap } from './messageIdRemap';

describe('buildMessageIdRemap', () => {
  it('is the identity for our own names', () => {
    const { table, unknownNames } = buildMessageIdRemap(messageIdNames);
    expect(unknownNames).toEqual([]);
    expect(isIdentityRemap(table, messageIdNames.length)).toBe(true);
  });

  it('maps foreign numberings by name, legacy names included, unknown to 0', () => {
    const foreign = ['undefined', 'idProcessBegin', 'idProcessFinished', 'idGoalPostsPercept', 'idBallModel', 'idText'];
    const { table, unknownNames } = buildMessageIdRemap(foreign);
    expect(Array.from(table.subarray(0, 7))).toEqual([
      0,
      MessageID.idFrameBegin,
      MessageID.idFrameFinished,
      0,
      MessageID.idBallModel,
      MessageID.idText,
      0,
    ]);
    expect(unknownNames).toEqual(['idGoalPostsPercept']);
    expect(table).toHaveLength(256);
  });
});
