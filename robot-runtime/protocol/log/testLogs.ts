/**
 * @file Small logs for the log tests (not used by production code): frames of three threads with a camera image
 * every other Upper frame and an annotation now and then.
 */
import { encodeAnnotation } from '../debugMessages/annotation';
import { typeInfoToBytes } from '../typeInfo/stream';
import { emptyTypeInfo } from '../typeInfo/TypeInfo';
import type { Message } from '../messageQueue/Message';
import { MessageID, messageIdNames, numOfDataMessageIDs } from '../messages/MessageIDs';
import { buildLog, frameBytes } from './writeLog';

/** A deterministic frame of test data. */
export function testFrame(i: number): { thread: string; messages: Message[] } {
  const thread = ['Upper', 'Cognition', 'Motion'][i % 3]!;
  const payload = Uint8Array.from({ length: 5 + (i % 7) }, (_, k) => (i * 31 + k) & 0xff);
  const messages: Message[] = [
    { id: MessageID.idFrameInfo, payload: Uint8Array.of(i & 0xff, (i >> 8) & 0xff, 0, 0) },
    { id: MessageID.idBallModel, payload },
  ];
  if (thread === 'Upper' && i % 2 === 0)
    messages.push({ id: MessageID.idCameraImage, payload: new Uint8Array(64).fill(i & 0xff) });
  if (i % 10 === 4)
    messages.push({
      id: MessageID.idAnnotation,
      payload: encodeAnnotation({ number: i, name: 'test', description: `frame ${i}` }),
    });
  return { thread, messages };
}

/** A log of `n` test frames, with an index. */
export function testLog(n: number): Uint8Array {
  const frames = Array.from({ length: n }, (_, i) => testFrame(i)).map((f) => frameBytes(f.thread, f.messages));
  return buildLog(
    {
      settings: { headName: 'Head', bodyName: 'Body', playerNumber: 3, location: 'Default', scenario: 'Default' },
      idNames: messageIdNames.slice(0, numOfDataMessageIDs),
      typeInfo: typeInfoToBytes(emptyTypeInfo()),
    },
    frames,
  ).bytes;
}
