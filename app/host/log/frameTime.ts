/**
 * @file The time of a logged frame: FrameInfo.time when the frame carries a FrameInfo (decoded with the log's own
 * type info, so an older layout still yields its time), otherwise unknown. Playback paces frames by these times.
 */
import { decode } from '@robot-runtime/protocol/binary/encode';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';

/** FrameInfo.time (ms) of `frame`, or undefined when it has no readable FrameInfo. */
export function frameTimeOf(frame: LogFrame, typeInfo: TypeInfo | undefined): number | undefined {
  const message = frame.messages.find((m) => m.id === MessageID.idFrameInfo);
  if (!message) return undefined;
  try {
    if (typeInfo?.classes.has('FrameInfo')) {
      const value = genericCodec(typeInfo, 'FrameInfo').read(new InBinary(message.payload)) as { time?: unknown };
      return typeof value.time === 'number' ? value.time : undefined;
    }
    return decode(FrameInfo, message.payload).time;
  } catch {
    return undefined;
  }
}
