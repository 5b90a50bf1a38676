/**
 * @file The team monitor's field: every robot heard at the pose it reports (a disc in its jersey colour with a
 * heading wedge), the ball it believes in (joined to it by a thin line), the arc its walk command leads along and
 * an arrow to its intended kick target. Robots with recent rule violations get a red ring; the selected one a
 * bright outline. Drawn as SVG in field millimetres (y up), so it scales with the panel.
 */
import type { ReactNode } from 'react';
import type { FieldGeometry } from '@app/ipc/simulation';
import type { MonitoredRobotInfo } from '@app/ipc/teamMonitor';
import { SvgArrowMarker } from '../../components/SvgArrowMarker';
import { recentViolations, type RobotEntryProps } from './format';
import { fieldMarkings, polylinePoints, walkArc, wedgePath } from './geometry';

/** Radius of a robot's disc (mm). */
const ROBOT_RADIUS = 160;
/** How far ahead (s) the walk-command arc reaches: far enough to leave the wedge at walking speed. */
const WALK_SECONDS = 4;
/** A robot not heard for this long (ms) is drawn faded (simulated robots send every few seconds). */
const STALE_MS = 15_000;
/** Colour of robots whose jersey is unknown (heard on the network). */
const UNKNOWN_COLOR = '#c8c8c8';

/** Props of the field. */
export interface FieldPlotProps {
  readonly field: FieldGeometry;
  readonly robots: readonly MonitoredRobotInfo[];
  readonly selected: string | undefined;
  readonly onSelect: (key: string) => void;
}

function Robot({ robot, selected, onSelect }: RobotEntryProps): ReactNode {
  const pose = robot.pose;
  if (!pose) return null;
  const color = robot.color ?? UNKNOWN_COLOR;
  const violating = recentViolations(robot).length > 0;
  // Lost, penalized or long silent robots are shown faded: their pose says little about now.
  const faded = robot.poseValid === false || robot.penalized === true || robot.sinceHeard > STALE_MS;
  return (
    <g
      data-testid="tm-field-robot"
      data-key={robot.key}
      className={`tm-robot${selected ? ' tm-robot--selected' : ''}`}
      opacity={faded ? 0.45 : 1}
      onClick={() => onSelect(robot.key)}
    >
      <path className="tm-wedge" d={wedgePath(pose.x, pose.y, pose.rotation, ROBOT_RADIUS * 3, 0.45)} fill={color} />
      {robot.ball && (
        <line className="tm-ball-link" x1={pose.x} y1={pose.y} x2={robot.ball.x} y2={robot.ball.y} stroke={color} />
      )}
      {robot.ball && <circle className="tm-ball" cx={robot.ball.x} cy={robot.ball.y} r={55} />}
      {robot.walk && <polyline className="tm-walk" points={polylinePoints(walkArc(pose, robot.walk, WALK_SECONDS))} />}
      {robot.kickTarget && (
        <line
          className="tm-kick"
          x1={pose.x}
          y1={pose.y}
          x2={robot.kickTarget.x}
          y2={robot.kickTarget.y}
          markerEnd="url(#tm-arrow)"
        />
      )}
      {violating && <circle className="tm-violation-ring" cx={pose.x} cy={pose.y} r={ROBOT_RADIUS + 90} />}
      <circle className="tm-disc" cx={pose.x} cy={pose.y} r={ROBOT_RADIUS} fill={color} />
      {/* Text is drawn upright: the field group flips y. */}
      <text className="tm-number" transform={`translate(${pose.x} ${pose.y}) scale(1 -1)`} dy={60}>
        {robot.player}
      </text>
    </g>
  );
}

/** The field with every robot. */
export function FieldPlot({ field, robots, selected, onSelect }: FieldPlotProps): ReactNode {
  const m = fieldMarkings(field);
  const border = field.borderStripWidth;
  const w = field.length + 2 * border;
  const h = field.width + 2 * border;
  const goalX = field.length / 2;
  // The selected robot is drawn last so it is on top.
  const ordered = [...robots].sort((a, b) => Number(a.key === selected) - Number(b.key === selected));
  return (
    <svg
      className="tm-field"
      viewBox={`${-w / 2} ${-h / 2} ${w} ${h}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label="Robots on the field as their messages report them"
      data-testid="tm-field"
    >
      <defs>
        <SvgArrowMarker id="tm-arrow" tipX={9} size={5} head={{ className: 'tm-arrow-head' }} />
      </defs>
      <rect className="tm-carpet" x={-w / 2} y={-h / 2} width={w} height={h} />
      <g transform="scale(1 -1)">
        <g className="tm-lines" strokeWidth={field.lineWidth}>
          {m.segments.map((s, i) => (
            <line key={i} x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} />
          ))}
          <circle cx={0} cy={0} r={m.centerCircleRadius} fill="none" />
          {m.spots.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r={field.penaltyMarkSize / 2} className="tm-spot" />
          ))}
          {[-1, 1].map((side) => (
            <rect
              key={side}
              className="tm-goal"
              x={side < 0 ? -goalX - field.goalDepth : goalX}
              y={-field.goalInnerWidth / 2}
              width={field.goalDepth}
              height={field.goalInnerWidth}
            />
          ))}
        </g>
        {ordered.map((r) => (
          <Robot key={r.key} robot={r} selected={r.key === selected} onSelect={onSelect} />
        ))}
      </g>
    </svg>
  );
}
