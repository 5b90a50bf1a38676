/**
 * @file The format of a game recording (gameRecording.ts writes it while a simulation runs; formats.md): a log in
 * our (B-Human's) log format whose threads are `GameController` (FrameInfo and GameControllerData per packet) and
 * `TeamCommunication` (FrameInfo and ReceivedTeamMessages). Its type info declares these types, so any reader
 * decodes them generically; `readGameRecording` decodes them under the recording's own type info.
 */
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromTypes, typeInfoToBytes } from '@robot-runtime/protocol/typeInfo';
import { defineClass, field, t, type AnyType, type ValueOf } from '@robot-runtime/protocol/types';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import type { FrameSource } from './FrameSource';
import { payloadReader } from './logScan';

/** Thread of the GameController's packets in a game recording. */
export const GAME_CONTROLLER_THREAD = 'GameController';
/** Thread of the team messages in a game recording. */
export const TEAM_THREAD = 'TeamCommunication';
/** File name of the game recording in a recording directory. */
export const GAME_RECORDING_FILE = 'game.log';

/** One team message as it went on the air. */
export const RecordedTeamMessage = defineClass('ReceivedTeamMessages::Message', {
  team: field(t.uint8, 'Team number of the sender (its port is 10000 + team).'),
  playerNumber: field(t.uint8, 'Player number of the sender (0 when unknown).'),
  sender: field(t.string, 'Who sent it: the simulated robot, or the address of a real one.'),
  sentAt: field(t.uint32, 'Send time (ms, the clock of the recording).'),
  bytes: field(t.bytes(), 'The packet as sent (header and payload, at most 128 bytes by the rules).'),
});
export type RecordedTeamMessage = ValueOf<typeof RecordedTeamMessage>;

/** The team messages of one moment (B-Human's message id idReceivedTeamMessages carries them). */
export const ReceivedTeamMessages = defineClass('ReceivedTeamMessages', {
  messages: field(t.vector(RecordedTeamMessage), 'The packets sent at the frame time, in sending order.'),
});

/** Whether a log with these threads is a game recording rather than a robot's log. */
export function isGameRecording(threads: readonly string[]): boolean {
  return threads.length > 0 && threads.every((th) => th === GAME_CONTROLLER_THREAD || th === TEAM_THREAD);
}

/** The type info a game recording declares. */
export function gameTypeInfo(): Uint8Array {
  return typeInfoToBytes(
    typeInfoFromTypes([FrameInfo as AnyType, GameControllerData as AnyType, ReceivedTeamMessages as AnyType]),
  );
}

/** A GameController packet of a game recording. */
export interface RecordedPacket {
  /** When it was recorded (ms, the recording's clock). */
  time: number;
  data: GameControllerData;
}

/** What a game recording holds, decoded. */
export interface GameRecordingContent {
  packets: RecordedPacket[];
  teamMessages: RecordedTeamMessage[];
  /** Frames that could not be decoded (they are skipped). */
  problems: string[];
}

/** Decodes a game recording's frames (under its own type info, so an older layout still reads). */
export function readGameRecording(file: FrameSource): GameRecordingContent {
  const readTime = payloadReader<{ time: number }>(file.typeInfo, 'FrameInfo', FrameInfo as AnyType);
  const readPacket = payloadReader<GameControllerData>(
    file.typeInfo,
    'GameControllerData',
    GameControllerData as AnyType,
  );
  const readTeam = payloadReader<{ messages: RecordedTeamMessage[] }>(
    file.typeInfo,
    'ReceivedTeamMessages',
    ReceivedTeamMessages as AnyType,
  );
  const content: GameRecordingContent = { packets: [], teamMessages: [], problems: [] };
  for (let i = 0; i < file.frameCount; i++) {
    const frame = file.readFrame(i);
    try {
      const info = frame.messages.find((m) => m.id === MessageID.idFrameInfo);
      const time = info ? readTime(info.payload).time : NaN;
      for (const m of frame.messages) {
        if (m.id === MessageID.idGameControllerData) content.packets.push({ time, data: readPacket(m.payload) });
        else if (m.id === MessageID.idReceivedTeamMessages) content.teamMessages.push(...readTeam(m.payload).messages);
      }
    } catch (e) {
      content.problems.push(`frame ${i}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return content;
}
