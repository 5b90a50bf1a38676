/**
 * @file The module configuration a log records (docs/formats.md §3.7): Pitchside writes the threads.cfg its robot
 * ran with as one message `idPitchsideConfiguration` (a B-Human `Configuration`, binary) right after the first
 * frame's idFrameBegin. The log's message-id chunk names the id; B-Human's reader does not know the name, maps it
 * to `undefined` and skips the message, so the log stays readable there. A replay starts from this configuration.
 */
import { ConfigurationType, type Configuration } from '@robot-runtime/core/config/Configuration';
import { decode, encode } from '@robot-runtime/protocol/binary/encode';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { MESSAGE_HEADER_SIZE, messagesSize, writeMessage } from '@robot-runtime/protocol/messageQueue/queueFormat';
import { messageIdNames, numOfDataMessageIDs, PitchsideMessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { FrameSource } from './FrameSource';

/** Our id of the configuration message. */
export const CONFIGURATION_MESSAGE_ID: number = PitchsideMessageID.idPitchsideConfiguration;

/** Frames searched for the configuration: it is in the first one; a few more tolerate a log edited by hand. */
const FRAMES_SEARCHED = 16;

/** The message that records `configuration`. */
export function configurationMessage(configuration: Configuration): Message {
  return { id: CONFIGURATION_MESSAGE_ID, payload: encode(ConfigurationType, configuration) };
}

/**
 * The id names a log needs: ours for the data ids, and when it records a configuration the whole table (as a
 * B-Human robot log lists it) followed by the configuration's name at its id.
 */
export function logIdNames(withConfiguration: boolean): string[] {
  if (!withConfiguration) return messageIdNames.slice(0, numOfDataMessageIDs);
  const names = [...messageIdNames];
  names[CONFIGURATION_MESSAGE_ID] = 'idPitchsideConfiguration';
  return names;
}

/**
 * `frame` (serialized: idFrameBegin, messages, idFrameFinished) with `message` inserted right after idFrameBegin;
 * the frame is returned unchanged when it does not start with a complete message.
 */
export function insertAfterFrameBegin(frame: Uint8Array, message: Message): Uint8Array {
  if (frame.length < MESSAGE_HEADER_SIZE) return frame;
  const beginEnd = MESSAGE_HEADER_SIZE + (frame[1]! | (frame[2]! << 8) | (frame[3]! << 16));
  if (beginEnd > frame.length) return frame;
  const out = new Uint8Array(frame.length + messagesSize([message]));
  out.set(frame.subarray(0, beginEnd), 0);
  out.set(frame.subarray(beginEnd), writeMessage(out, beginEnd, message.id, message.payload));
  return out;
}

/** What a log says about the configuration it was recorded with. */
export type RecordedConfiguration =
  | { readonly kind: 'recorded'; readonly configuration: Configuration; readonly frame: number }
  | { readonly kind: 'none' }
  | { readonly kind: 'damaged'; readonly frame: number; readonly reason: string };

/** The configuration `source` records in its first frames (bounded reads: at most FRAMES_SEARCHED frames). */
export function recordedConfiguration(source: FrameSource): RecordedConfiguration {
  for (let i = 0; i < Math.min(source.frameCount, FRAMES_SEARCHED); i++) {
    try {
      const message = source.readFrame(i).messages.find((m) => m.id === CONFIGURATION_MESSAGE_ID);
      if (message) return { kind: 'recorded', configuration: decode(ConfigurationType, message.payload), frame: i };
    } catch (e) {
      // A frame that cannot be read or a configuration that does not decode: the replay falls back to threads.cfg.
      return { kind: 'damaged', frame: i, reason: e instanceof Error ? e.message : String(e) };
    }
  }
  return { kind: 'none' };
}
