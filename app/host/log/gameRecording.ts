/**
 * @file The recording of a game's network beside its robots' logs (`npm run sim -- --record <dir>` writes it as
 * `<dir>/game.log`): what the GameController sent and every team message that went on the air, as a log in our
 * (B-Human's) log format, so the log readers, the index and `npm run log` work on it unchanged. Two threads:
 * `GameController` frames hold FrameInfo (the GameController's clock) and GameControllerData (the packet as a robot
 * decodes it; `timeLastPacketReceived` is the packet's send time), one frame per packet whose content changed or
 * whose packet number advanced; `TeamCommunication` frames hold FrameInfo and ReceivedTeamMessages (one entry per
 * packet: team number, sender, send time, the bytes as sent). The log's type info declares both types, so any
 * reader decodes them generically (gameRecordingFormat.ts declares them and reads them back).
 */
import { encode } from '@robot-runtime/protocol/binary/encode';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { ValueOf } from '@robot-runtime/protocol/types';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { toRobotGameControllerData } from '../../simulator/simulation/gameControllerData';
import type { Simulation } from '../../simulator/simulation/Simulation';
import {
  GAME_CONTROLLER_THREAD,
  gameTypeInfo,
  ReceivedTeamMessages,
  TEAM_THREAD,
  type RecordedTeamMessage,
} from './gameRecordingFormat';
import { saveLog } from './saveLog';

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array): boolean =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/** Records a running simulation's GameController and team network; `afterStep` after every step. */
export class GameRecording {
  /** Serialized frames in time order. */
  readonly frames: Uint8Array[] = [];
  /** Team messages recorded. */
  teamMessages = 0;
  /** GameController packets recorded. */
  packets = 0;
  private lastPacket: Uint8Array | undefined;
  private lastPacketNumber = -1;
  private pending: RecordedTeamMessage[] = [];
  private pendingAt = -1;
  private readonly untap: () => void;

  constructor(private readonly sim: Simulation) {
    this.untap = sim.network.tap((from, team, bytes, now) => {
      if (now !== this.pendingAt) this.flushTeam();
      this.pendingAt = now;
      const robot = sim.robots[from];
      this.pending.push({
        team: sim.scene.teams[team].number,
        playerNumber: robot?.def.playerNumber ?? 0,
        sender: robot?.name ?? String(from),
        sentAt: now,
        bytes: bytes.slice(),
      });
    });
    this.afterStep();
  }

  /** Records the GameController's packet when it changed or a new one went out. */
  afterStep(): void {
    const data = this.sim.gc.getDataForRobot();
    const packet = encode(
      GameControllerData,
      toRobotGameControllerData(data, this.sim.gc.protocol) as ValueOf<typeof GameControllerData>,
    );
    if (data.packetNumber === this.lastPacketNumber && sameBytes(this.lastPacket, packet)) return;
    this.flushTeam();
    this.lastPacket = packet;
    this.lastPacketNumber = data.packetNumber;
    this.packets++;
    this.frames.push(
      frameBytes(GAME_CONTROLLER_THREAD, [
        { id: MessageID.idFrameInfo, payload: encode(FrameInfo, { time: this.sim.time }) },
        { id: MessageID.idGameControllerData, payload: packet },
      ]),
    );
  }

  /** Stops recording and writes the recording to `path`; returns the number of frames written. */
  save(path: string): number {
    this.stop();
    saveLog(
      path,
      {
        settings: {
          headName: GAME_CONTROLLER_THREAD,
          bodyName: GAME_CONTROLLER_THREAD,
          playerNumber: 0,
          location: 'Default',
          scenario: 'Default',
        },
        typeInfo: gameTypeInfo(),
      },
      this.frames,
    );
    return this.frames.length;
  }

  /** Stops listening (what was recorded stays). */
  stop(): void {
    this.untap();
    this.flushTeam();
  }

  private flushTeam(): void {
    if (this.pending.length === 0) return;
    this.teamMessages += this.pending.length;
    this.frames.push(
      frameBytes(TEAM_THREAD, [
        { id: MessageID.idFrameInfo, payload: encode(FrameInfo, { time: this.pendingAt }) },
        {
          id: MessageID.idReceivedTeamMessages,
          payload: encode(ReceivedTeamMessages, { messages: this.pending }),
        },
      ]),
    );
    this.pending = [];
  }
}
