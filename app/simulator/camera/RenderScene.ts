/** What the camera renderer draws: the field, the goals (from the field dimensions), the ball and robots. */
import type { ColorRGBA, Pose2, Vec3 } from '../../../robot-runtime/math/types';
import type { WorldState } from '../physics/WorldState';
import type { FieldDimensions, SceneModel, TeamColorName } from '../scene/SceneModel';

/** A robot as the renderer draws it: a box in its team colour on grey legs; lying flat when fallen. */
export interface RenderRobot {
  pose: Pose2;
  fallen: boolean;
  color: ColorRGBA;
}

/** Everything in view. Units: mm. */
export interface RenderScene {
  field: FieldDimensions;
  ball: { position: Vec3; radius: number; color: ColorRGBA } | undefined;
  robots: RenderRobot[];
}

/** RGB of the GameController team colours (B-Human's debug colour constants where they exist). */
export const TEAM_COLOR_RGB: Record<TeamColorName, ColorRGBA> = {
  blue: { r: 0, g: 0, b: 255, a: 255 },
  red: { r: 255, g: 0, b: 0, a: 255 },
  yellow: { r: 224, g: 192, b: 0, a: 255 },
  black: { r: 0, g: 0, b: 0, a: 255 },
  white: { r: 255, g: 255, b: 255, a: 255 },
  green: { r: 0, g: 192, b: 0, a: 255 },
  orange: { r: 255, g: 128, b: 0, a: 255 },
  purple: { r: 183, g: 10, b: 210, a: 255 },
  brown: { r: 139, g: 69, b: 19, a: 255 },
  gray: { r: 128, g: 128, b: 128, a: 255 },
};

/** Builds the render scene from a scene model and a ground-truth state (goalkeepers, player 1, in keeper colour). */
export function renderSceneFromState(model: SceneModel, state: WorldState): RenderScene {
  return {
    field: model.field,
    ball:
      state.ball && model.ball
        ? { position: state.ball.position, radius: model.ball.radius, color: model.ball.color }
        : undefined,
    robots: state.robots.map((r) => {
      const team = model.teams[r.team];
      return {
        pose: r.pose,
        fallen: r.fallen,
        color: TEAM_COLOR_RGB[r.playerNumber === 1 ? team.goalkeeperColor : team.fieldPlayerColor],
      };
    }),
  };
}
