/**
 * @file Team communication of the Cognition thread. Incoming packets (injected by the host as `TeamMessages`,
 * like a socket would deliver them) are checked, decoded and kept per teammate in TeamData. Outgoing: when the
 * send policy allows (budget, interval, priority on role changes), the robot's pose, ball and role are encoded
 * by the configured codec behind the 8-byte header into TeamMessageOutput, which the host broadcasts.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { copyInPlace, defineParameters, field, t } from '@robot-runtime/core/streamable';
import { poseToGlobal, rotate } from '@robot-runtime/math/vec2';
import { BehaviorRole, BehaviorStatus } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import { TeamData, type Teammate } from '@robot-runtime/representations/Communication/TeamData';
import { TeamMessageOutput } from '@robot-runtime/representations/Communication/TeamMessageOutput';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameControllerData, MAX_NUM_PLAYERS } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { LocalizationQuality, RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import { teamMessageCodec } from './codecs';
import { maySend, type BudgetSituation } from './sendPolicy';
import { packTeamMessage, unpackTeamMessage } from './teamMessageHeader';

const Parameters = defineParameters('TeamMessageHandler', {
  codec: field(t.string, 'Name of the payload codec (see codecs.ts).', 'simple'),
  magicNumber: field(
    t.uint8,
    'Magic number (0..255) mixed into the header, unless the host injects Settings.magicNumber.',
    0,
  ),
  minSendInterval: field(t.uint32, 'Never send more often than this (ms).', 1000),
  minPriorityInterval: field(
    t.uint32,
    'Priority messages wait at least this long (ms) after the previous message.',
    500,
  ),
  normalMessageReserve: field(t.uint32, 'Messages of the budget kept back from normal sending.', 30),
  priorityMessageReserve: field(t.uint32, 'Messages of the budget kept back even from priority sending.', 15),
  durationOfHalf: field(t.uint32, 'Length of a half (ms), to know how long the budget must last.', 600000),
  lookahead: field(t.uint32, 'Extra time (ms) the budget is planned for (stoppages, overtime).', 5000),
  teammateTimeout: field(
    t.uint32,
    'A teammate not heard for this long (ms) is no longer in TeamData (longer than the message budget lets a robot stay silent: about 7 s between messages in a 7 vs 7 game).',
    30000,
  ),
});

/** A received packet as the host injects it. */
interface ReceivedPacket {
  bytes: Uint8Array;
  receivedAt: number;
}

/** The part of settings.cfg the host may inject under `Settings`. */
interface InjectedSettings {
  magicNumber?: number;
}

export const TeamMessageHandler = defineModule({
  name: 'TeamMessageHandler',
  category: 'Communication',
  requires: [FrameInfo, GameState, RobotPose, BallModel],
  uses: [BehaviorStatus, GameControllerData, MotionInfo],
  provides: [TeamData, TeamMessageOutput],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params, injected, random, debug, teamMessageCodecs, keep }) => {
  const kept = keep({
    teammates: new Map<number, Teammate>(),
    /** The teammates ordered by number (kept between frames, refilled each frame). */
    byNumber: [] as Teammate[],
    received: 0,
    sent: 0,
    lastSend: undefined as number | undefined,
    lastRole: BehaviorRole.none as number,
  });
  // Robots of a team start at the same moment; a random first delay spreads their messages.
  const firstDelay = Math.round(random.next() * 1000);

  const magic = (): number =>
    ((injected.get('Settings') as InjectedSettings | undefined)?.magicNumber ?? params.magicNumber) | 0;

  function receive(now: number): void {
    const packets = (injected.get('TeamMessages') as ReceivedPacket[] | undefined) ?? [];
    const codec = teamMessageCodec(params.codec, teamMessageCodecs);
    for (const packet of packets) {
      const unpacked = unpackTeamMessage(packet.bytes, magic(), now);
      const content = unpacked && codec?.decode(unpacked.payload);
      if (!unpacked || !content || unpacked.header.playerNumber === the.GameState.playerNumber) continue;
      // The rules number players 1..20; anything else is not a teammate, however valid the rest looks.
      if (unpacked.header.playerNumber < 1 || unpacked.header.playerNumber > MAX_NUM_PLAYERS) continue;
      kept.received++;
      const sentAt = unpacked.header.timestamp;
      kept.teammates.set(unpacked.header.playerNumber, {
        number: unpacked.header.playerNumber,
        timeWhenLastPacketReceived: packet.receivedAt,
        timeWhenSent: sentAt,
        pose: content.pose,
        poseValid: content.poseValid,
        ballPosition: content.ballPosition,
        ballVelocity: content.ballVelocity,
        timeWhenBallLastSeen: content.ballAge === undefined ? 0 : Math.max(1, sentAt - content.ballAge),
        role: content.role,
        timeToReachBall: content.timeToReachBall,
        isUpright: content.isUpright,
        isPenalized: content.isPenalized,
      });
    }
  }

  /** Budget, remaining time and active players from the GameController; undefined without one. */
  function budget(): BudgetSituation | undefined {
    const gc = the.GameControllerData;
    if (!the.GameState.gameControllerActive || !gc) return undefined;
    const own = gc.teams.find((team) => team.teamNumber === the.GameState.ownTeam.number);
    if (!own) return undefined;
    const remainingGameTime =
      Math.max(0, gc.secsRemaining) * 1000 + (gc.firstHalf ? params.durationOfHalf : 0) + params.lookahead;
    return {
      budget: own.messageBudget,
      remainingGameTime,
      activePlayers: own.players.filter((p) => p.penalty === 0).length,
    };
  }

  function send(output: TeamMessageOutput, now: number): void {
    const state = the.GameState.state;
    const sending = state === GameStateState.ready || state === GameStateState.set || state === GameStateState.playing;
    const role = the.BehaviorStatus?.role ?? BehaviorRole.none;
    const priority =
      role !== kept.lastRole && (role === BehaviorRole.striker || kept.lastRole === BehaviorRole.striker);
    if (!sending || the.GameState.isPenalized || now < firstDelay) return;
    const codec = teamMessageCodec(params.codec, teamMessageCodecs);
    if (!codec) return;
    if (!maySend(budget(), params, kept.lastSend === undefined ? Infinity : now - kept.lastSend, priority)) return;
    const pose = the.RobotPose;
    const ball = the.BallModel;
    const payload = codec.encode({
      pose: { rotation: pose.rotation, translation: { ...pose.translation } },
      poseValid: pose.quality !== LocalizationQuality.poor,
      isUpright: !(the.MotionInfo?.isFallen ?? false),
      isPenalized: the.GameState.isPenalized,
      ballPosition: poseToGlobal(pose, ball.estimate.position),
      ballVelocity: rotate(ball.estimate.velocity, pose.rotation),
      ballAge: ball.timeWhenLastSeen === 0 ? undefined : now - ball.timeWhenLastSeen,
      role,
      timeToReachBall: the.BehaviorStatus?.timeToReachBall ?? 100000,
    });
    output.bytes = packTeamMessage({ playerNumber: the.GameState.playerNumber, timestamp: now }, magic(), payload);
    output.sentAt = now;
    output.priority = priority;
    kept.lastSend = now;
    kept.lastRole = role;
    kept.sent++;
    debug.plot('module:TeamMessageHandler:messageLength', output.bytes.length);
  }

  return {
    update: {
      TeamData(data) {
        // The host injects each packet into exactly one frame, so every frame processes what it got.
        receive(the.FrameInfo.time);
        for (const [number, mate] of kept.teammates)
          if (the.FrameInfo.time - mate.timeWhenLastPacketReceived > params.teammateTimeout)
            kept.teammates.delete(number);
        // Copied (never shared with the decoded messages) into last frame's records, ordered by number.
        kept.byNumber.length = 0;
        for (const mate of kept.teammates.values()) {
          let i = kept.byNumber.length;
          for (; i > 0 && kept.byNumber[i - 1]!.number > mate.number; i--) kept.byNumber[i] = kept.byNumber[i - 1]!;
          kept.byNumber[i] = mate;
        }
        data.teammates = copyInPlace(data.teammates, kept.byNumber) as Teammate[];
        data.receivedMessages = kept.received;
        data.sentMessages = kept.sent;
      },
      TeamMessageOutput(output) {
        send(output, the.FrameInfo.time);
      },
    },
  };
});
