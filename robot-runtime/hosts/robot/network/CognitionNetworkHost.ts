/**
 * @file The Cognition thread's view of the network, layered over its body host: injects the newest
 * GameController packet (SPL or HSL) and the count of refused ones as GameControllerData and the team packets received since the last frame as
 * TeamMessages (what TeamMessageHandler reads), and hands TeamMessageOutput's packet and the robot's status to
 * the main thread, which owns the sockets.
 */
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import {
  gameControllerDataFromBytes,
  type GameControllerData,
} from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { NetworkShared, type ReceivedPacket } from './NetworkShared';

/** Read access to the thread's blackboard (previous frame). */
interface BlackboardView {
  get(name: string): unknown;
}

/** Who the robot is, for TeamMessageHandler and GameStateProvider. */
export interface NetworkIdentity {
  teamNumber: number;
  playerNumber: number;
  magicNumber: number;
}

/** Produces the network part of Cognition's injected data. */
export class CognitionNetworkHost {
  private readonly shared: NetworkShared;
  private gcSequence = 0;
  private gc: GameControllerData | undefined;
  private lastSentAt = 0;

  constructor(
    buffer: SharedArrayBuffer,
    private readonly identity: NetworkIdentity,
  ) {
    this.shared = new NetworkShared(buffer);
  }

  /** The injected data of one frame, falling back to `base` for everything else. */
  frame(time: number, blackboard: BlackboardView, base: InjectedData): InjectedData {
    this.publish(time, blackboard);
    if (this.shared.gameControllerSequence !== this.gcSequence) {
      this.gcSequence = this.shared.gameControllerSequence;
      const packet = this.shared.readGameController();
      if (packet) this.gc = gameControllerDataFromBytes(packet.bytes, packet.receivedAt) ?? this.gc;
    }
    const rejected = this.shared.gameControllerRejected;
    if (this.gc && this.gc.packetsRejected !== rejected) this.gc = { ...this.gc, packetsRejected: rejected };
    const messages: ReceivedPacket[] = this.shared.drainPackets().packets;
    const settings = { ...((base.get('Settings') as object | undefined) ?? {}), ...this.identity };
    const values: Record<string, unknown> = { TeamMessages: messages, Settings: settings };
    // Before the first accepted packet only the count goes in (LogDataProvider copies the fields it is given).
    if (this.gc) values.GameControllerData = this.gc;
    else if (rejected) values.GameControllerData = { packetsRejected: rejected };
    return { get: (name) => (name in values ? values[name] : base.get(name)) };
  }

  /** Hands the previous frame's outgoing packet and status to the main thread. */
  private publish(time: number, blackboard: BlackboardView): void {
    const output = blackboard.get('TeamMessageOutput') as { sentAt: number; bytes: Uint8Array } | undefined;
    if (output && output.sentAt !== this.lastSentAt && output.bytes.length) {
      this.lastSentAt = output.sentAt;
      this.shared.writeOutgoing(output.bytes, output.sentAt);
    }
    const pose = blackboard.get('RobotPose') as { rotation: number; translation: { x: number; y: number } } | undefined;
    const ball = blackboard.get('BallModel') as
      { estimate: { position: { x: number; y: number } }; timeWhenLastSeen: number } | undefined;
    const fallen = (blackboard.get('MotionInfo') as { isFallen?: boolean } | undefined)?.isFallen;
    if (pose) {
      this.shared.writeStatus({
        pose: [pose.translation.x, pose.translation.y, pose.rotation],
        ballAge: ball && ball.timeWhenLastSeen ? (time - ball.timeWhenLastSeen) / 1000 : -1,
        ball: ball ? [ball.estimate.position.x, ball.estimate.position.y] : [0, 0],
        fallen: fallen ? 1 : 0,
      });
    }
  }
}
