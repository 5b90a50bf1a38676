/** What the camera renderer draws: the field, the goals (from the field dimensions), the ball and robots. */
import type { ColorRGBA, Matrix, Pose2, Pose3, Vec3 } from '@robot-runtime/math/types';
import type { WorldState } from '../physics/WorldState';
import type { Mesh } from '../scene/meshData';
import { appearanceParts } from '../scene/appearance';
import { childNamed } from '../scene/sceneGraph';
import type { FieldDimensions, SceneModel, TeamColorName } from '../scene/SceneModel';
import { textureImage, type TextureImage } from '../scene/textureImage';

/**
 * A part of a robot placed in the field frame (mm), as the scene's appearance gives it: a primitive (cylinders,
 * capsules along z) or a mesh.
 */
export interface RenderPart {
  shape: 'box' | 'sphere' | 'cylinder' | 'capsule' | 'mesh';
  pose: Pose3;
  /** Box extents along its x, y, z; a cylinder's or capsule's whole length in `height` (mm); 0 for a mesh. */
  depth: number;
  width: number;
  height: number;
  radius: number;
  color: ColorRGBA;
  /** A mesh part's triangles, their vertices in metres in the part's frame (shared by every robot). */
  mesh?: Mesh;
}

/**
 * A robot as the renderer draws it: with `parts` (an articulated body, each part where the physics has it), or
 * else a box in its team colour on grey legs, lying flat when fallen.
 */
export interface RenderRobot {
  pose: Pose2;
  fallen: boolean;
  color: ColorRGBA;
  /** The posed parts, asked for only when the robot can be in view (posing all of a team's bodies costs). */
  parts?: () => readonly RenderPart[];
}

/** The ball: centre, radius, colour and, when its appearance has one, its texture turned with the ball. */
export interface RenderBall {
  position: Vec3;
  radius: number;
  color: ColorRGBA;
  /** Equirectangular texture of the sphere (poles on the ball's z axis). */
  texture?: TextureImage;
  /** The ball's orientation (columns: its axes in the field frame); upright when unknown. */
  rotation?: Matrix;
}

/** Everything in view. Units: mm. */
export interface RenderScene {
  field: FieldDimensions;
  ball: RenderBall | undefined;
  robots: RenderRobot[];
}

/** What the physics knows beyond the ground truth: robots' posed parts and the ball's orientation. */
export interface RenderBodies {
  /** The robots that have parts to draw, each with its parts (posed on the first call). */
  robots: Map<string, () => readonly RenderPart[]>;
  ballRotation: Matrix | undefined;
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

/**
 * Builds the render scene from a scene model and a ground-truth state (goalkeepers, player 1, in keeper colour);
 * `bodies` adds what an articulated simulation knows.
 */
export function renderSceneFromState(model: SceneModel, state: WorldState, bodies?: RenderBodies): RenderScene {
  const texture = ballTexture(model);
  return {
    field: model.field,
    ball:
      state.ball && model.ball
        ? {
            position: state.ball.position,
            radius: model.ball.radius,
            color: model.ball.color,
            ...(texture ? { texture } : {}),
            ...(bodies?.ballRotation ? { rotation: bodies.ballRotation } : {}),
          }
        : undefined,
    robots: state.robots.map((r) => {
      const team = model.teams[r.team];
      const parts = bodies?.robots.get(r.name);
      return {
        pose: r.pose,
        fallen: r.fallen,
        color: TEAM_COLOR_RGB[r.playerNumber === 1 ? team.goalkeeperColor : team.fieldPlayerColor],
        ...(parts ? { parts } : {}),
      };
    }),
  };
}

const ballTextures = new WeakMap<SceneModel, TextureImage | null>();

/** The texture of the ball's sphere appearance, if it has a readable one (once per scene). */
function ballTexture(model: SceneModel): TextureImage | undefined {
  let texture = ballTextures.get(model);
  if (texture === undefined) {
    const body = model.graph && childNamed(model.graph, 'balls')?.children[0];
    const file = body && appearanceParts(body).find((p) => p.shape === 'sphere')?.surface?.diffuseTexture;
    texture = (file && textureImage(file)) || null;
    ballTextures.set(model, texture);
  }
  return texture ?? undefined;
}
