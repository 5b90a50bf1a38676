import { describe, expect, it } from 'vitest';
import {
  MessageID,
  isInfrastructureId,
  messageIdByName,
  messageIdForRepresentation,
  messageIdName,
  messageIdNames,
  numOfDataMessageIDs,
  numOfMessageIDs,
  representationForMessageId,
} from './MessageIDs';

describe('MessageIDs', () => {
  it('has a dense table 0..108 with the registered names at the aliased values', () => {
    expect(messageIdNames).toHaveLength(numOfMessageIDs);
    expect(numOfMessageIDs).toBe(109);
    expect(numOfDataMessageIDs).toBe(90);
    for (let id = 0; id < numOfMessageIDs; id++) expect(messageIdNames[id], `id ${id}`).toBeTypeOf('string');
    expect(messageIdName(0)).toBe('undefined');
    expect(messageIdName(90)).toBe('idConsole');
    expect(messageIdName(109)).toBeUndefined();
    expect(new Set(messageIdNames).size).toBe(numOfMessageIDs);
  });

  it('keeps the numbers of the docs/formats.md table', () => {
    expect(MessageID.idFrameBegin).toBe(1);
    expect(MessageID.idFrameFinished).toBe(2);
    expect(MessageID.idStopwatch).toBe(12);
    expect(MessageID.idAgentStates).toBe(13);
    expect(MessageID.idBallModel).toBe(17);
    expect(MessageID.idFrameInfo).toBe(32);
    expect(MessageID.idRobotPose).toBe(73);
    expect(MessageID.idWhistle).toBe(89);
    expect(MessageID.idDebugRequest).toBe(96);
    expect(MessageID.idDebugResponse).toBe(97);
    expect(MessageID.idText).toBe(105);
    expect(MessageID.idThread).toBe(106);
    expect(MessageID.idTypeInfoRequest).toBe(108);
    expect(MessageID.idNumOfDataMessageIDs).toBe(0);
  });

  it('looks up names, aliases and legacy names', () => {
    expect(messageIdByName('idBallModel')).toBe(17);
    expect(messageIdByName('undefined')).toBe(0);
    expect(messageIdByName('idNumOfDataMessageIDs')).toBe(0);
    expect(messageIdByName('idProcessBegin')).toBe(MessageID.idFrameBegin);
    expect(messageIdByName('idProcessFinished')).toBe(MessageID.idFrameFinished);
    expect(messageIdByName('idNoSuchThing')).toBeUndefined();
    expect(messageIdByName('toString')).toBeUndefined();
  });

  it('maps representations X <-> idX for data ids only', () => {
    expect(messageIdForRepresentation('BallModel')).toBe(MessageID.idBallModel);
    expect(messageIdForRepresentation('FrameInfo')).toBe(32);
    expect(messageIdForRepresentation('Text')).toBeUndefined();
    expect(messageIdForRepresentation('FrameBegin')).toBeUndefined();
    expect(messageIdForRepresentation('Nope')).toBeUndefined();
    expect(representationForMessageId(17)).toBe('BallModel');
    expect(representationForMessageId(1)).toBeUndefined();
    expect(representationForMessageId(105)).toBeUndefined();
  });

  it('classifies infrastructure ids', () => {
    expect(isInfrastructureId(89)).toBe(false);
    expect(isInfrastructureId(90)).toBe(true);
    expect(isInfrastructureId(108)).toBe(true);
    expect(isInfrastructureId(109)).toBe(false);
  });
});
