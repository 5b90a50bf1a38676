/**
 * @file The ground truth overlay: GroundTruthWorldState (decoded through the robot's TypeInfo) as shapes in
 * the robot's team frame, the frame its own field drawings use, so true and believed poses line up.
 */
import type { WireShape2D } from '@app/ipc/viewData';

interface Pose {
  rotation: number;
  translation: { x: number; y: number };
}
interface Player {
  pose: Pose;
}
interface WorldState {
  ownTeamPlayers?: Player[];
  opponentTeamPlayers?: Player[];
  ownPose?: Pose;
  balls?: { position: { x: number; y: number } }[];
}

const WHITE = { r: 255, g: 255, b: 255, a: 255 };
const BLACK = { r: 0, g: 0, b: 0, a: 255 };

function isPose(p: unknown): p is Pose {
  const q = p as Pose | undefined;
  return (
    typeof q?.rotation === 'number' && typeof q.translation?.x === 'number' && typeof q.translation?.y === 'number'
  );
}

/** Shapes for a decoded GroundTruthWorldState (unknown fields are skipped, never thrown on). */
export function groundTruthShapes(value: unknown): WireShape2D[] {
  const w = (value ?? {}) as WorldState;
  const shapes: WireShape2D[] = [];
  const robot = (pose: unknown, color: { r: number; g: number; b: number; a: number }): void => {
    if (!isPose(pose)) return;
    shapes.push({
      type: 'robot',
      pose,
      dirVec: { x: 1, y: 0 },
      dirHeadVec: { x: 0, y: 0 },
      alpha: 1,
      colorBody: color,
      colorDirVec: WHITE,
      colorDirHeadVec: WHITE,
    });
  };
  for (const p of w.ownTeamPlayers ?? []) robot(p.pose, { r: 0, g: 0, b: 255, a: 255 });
  for (const p of w.opponentTeamPlayers ?? []) robot(p.pose, { r: 255, g: 0, b: 0, a: 255 });
  robot(w.ownPose, BLACK);
  for (const b of w.balls ?? []) {
    if (typeof b?.position?.x !== 'number') continue;
    shapes.push({
      type: 'circle',
      x: b.position.x,
      y: b.position.y,
      radius: 50,
      pen: { width: 5, style: 1, color: BLACK },
      brush: { style: 1, color: WHITE },
    });
  }
  return shapes;
}
