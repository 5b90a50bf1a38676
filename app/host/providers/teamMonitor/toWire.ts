/**
 * @file The monitor's per-robot state as the view receives it: times relative to now (the view has no clock of
 * the source), role names instead of numbers, and poses in one field frame, so both teams of a simulation appear
 * on one field (each robot sends in its team's frame, where its own goal is at −x).
 */
import { BehaviorRole } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import type { MonitoredRobot } from '../../network/TeamMonitor';
import type { MonitoredRobotInfo, MonitorPoint, TeamTrafficSource } from '@app/ipc/teamMonitor';

/** What the monitor does not know itself about a robot. */
export interface RobotContext {
  readonly source: TeamTrafficSource;
  /** Display name (the simulated robot's name, else the sender's address). */
  readonly name: string;
  readonly color?: string;
  /** Whether the robot's team frame is turned by 180° against the shown field frame. */
  readonly mirrored: boolean;
  readonly penalty?: string;
  readonly budgetRemaining?: number;
}

function point(p: MonitorPoint, mirrored: boolean): MonitorPoint {
  return mirrored ? { x: -p.x, y: -p.y } : { x: p.x, y: p.y };
}

function normalized(angle: number): number {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}

/** `robot` at monitor time `now` (ms, the monitor's clock) for the view. */
export function robotInfo(robot: MonitoredRobot, now: number, context: RobotContext): MonitoredRobotInfo {
  const { mirrored } = context;
  const sinceHeard = Math.max(0, now - robot.lastHeard);
  const pose = robot.pose && {
    ...point(robot.pose.translation, mirrored),
    rotation: normalized(robot.pose.rotation + (mirrored ? Math.PI : 0)),
  };
  return {
    key: `${context.source}:${robot.team}/${robot.player}`,
    source: context.source,
    team: robot.team,
    player: robot.player,
    name: context.name,
    address: robot.address,
    format: robot.format,
    ...(context.color !== undefined ? { color: context.color } : {}),
    messages: robot.messages,
    bytes: robot.bytes,
    lastSize: robot.lastSize,
    rate: robot.rate,
    sinceHeard,
    ...(pose ? { pose } : {}),
    ...(robot.poseValid !== undefined ? { poseValid: robot.poseValid } : {}),
    ...(robot.ball ? { ball: point(robot.ball, mirrored) } : {}),
    // The age was measured when the message left; it has grown since.
    ...(robot.ballAge !== undefined ? { ballSeenAgo: robot.ballAge + sinceHeard } : {}),
    ...(robot.walk ? { walk: { ...robot.walk } } : {}),
    ...(robot.kickTarget ? { kickTarget: point(robot.kickTarget, mirrored) } : {}),
    ...(robot.role !== undefined ? { role: BehaviorRole.names[robot.role] ?? `role${robot.role}` } : {}),
    ...(robot.penalized !== undefined ? { penalized: robot.penalized } : {}),
    ...(context.penalty !== undefined ? { penalty: context.penalty } : {}),
    ...(robot.upright !== undefined ? { upright: robot.upright } : {}),
    ...(context.budgetRemaining !== undefined ? { budgetRemaining: context.budgetRemaining } : {}),
    violations: robot.violations.map((v) => ({ kind: v.kind, age: Math.max(0, now - v.at), detail: v.detail })),
  };
}
