/**
 * @file The game in Foxglove's 3-D panel: the SPL field once (`/field`), the robot's pose as a transform from
 * `field` to `robot` and each camera's pose from `robot` to `camera_<thread>` (`/tf`, optical axes as Foxglove
 * expects: x right, y down, z forward), and SceneUpdates for the robot, its ball and obstacle estimates (frame
 * `robot`) and, in simulator logs, the ground truth of every robot and ball (frame `field`). A message whose
 * representation repeats the last one's bytes reuses its JSON (repeatedJson.ts).
 */
import type { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import type { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import type { GroundTruthWorldState } from '@robot-runtime/representations/Infrastructure/GroundTruthWorldState';
import type { ObstacleModel } from '@robot-runtime/representations/Modeling/ObstacleModel';
import type { RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { SPL_RULEBOOK_FIELD as F } from '@robot-runtime/representations/Configuration/splField';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import { foxgloveTime, type FoxgloveTime, type McapSchema } from './McapSink';
import { InputTexts, PrimitiveTexts, type PrimitiveInputs } from './primitiveTexts';
import { STAMP_PLACEHOLDER, stamped } from './repeatedJson';
import {
  cylinderJson,
  cylinderPrimitive,
  linePrimitive,
  matrixQuaternion,
  metres,
  sceneEntity,
  sceneEntityTail,
  spherePrimitive,
  yawQuaternion,
  type Rgba,
  type Xyz,
} from './scenePrimitives';

const SCENE_UPDATE: McapSchema = { name: 'foxglove.SceneUpdate', json: foxgloveJsonSchema('SceneUpdate') };
const FRAME_TRANSFORM: McapSchema = { name: 'foxglove.FrameTransform', json: foxgloveJsonSchema('FrameTransform') };

const WHITE: Rgba = { r: 1, g: 1, b: 1, a: 1 };
const ORANGE: Rgba = { r: 1, g: 0.5, b: 0, a: 1 };
const GREY: Rgba = { r: 0.6, g: 0.6, b: 0.6, a: 1 };
const BLUE: Rgba = { r: 0.1, g: 0.3, b: 1, a: 1 };
const RED: Rgba = { r: 1, g: 0.15, b: 0.1, a: 1 };
const CYAN: Rgba = { r: 0, g: 0.8, b: 0.8, a: 0.7 };
const MAGENTA: Rgba = { r: 0.9, g: 0.1, b: 0.6, a: 0.7 };

/** A NAO as a cylinder: 0.3 m wide, 0.57 m tall. */
const ROBOT_DIAMETER = 0.3;
const ROBOT_HEIGHT = 0.57;
const BALL_DIAMETER = 0.1;

const p = (x: number, y: number, z = 0): Xyz => ({ x: metres(x), y: metres(y), z: metres(z) });

/** The field lines and goals of the SPL rulebook, in the field frame (m). */
export function fieldEntity(stamp: FoxgloveTime): Record<string, unknown> {
  const hl = F.length / 2;
  const hw = F.width / 2;
  const w = metres(F.lineWidth);
  const rect = (x1: number, y1: number, x2: number, y2: number): Xyz[] => [p(x1, y1), p(x2, y1), p(x2, y2), p(x1, y2)];
  const circle: Xyz[] = Array.from({ length: 48 }, (_, i) =>
    p(
      (F.centerCircleDiameter / 2) * Math.cos((i * Math.PI) / 24),
      (F.centerCircleDiameter / 2) * Math.sin((i * Math.PI) / 24),
    ),
  );
  const lines = [
    linePrimitive(1, rect(-hl, -hw, hl, hw), w, WHITE),
    linePrimitive(2, [p(0, -hw), p(0, hw)], w, WHITE),
    linePrimitive(1, circle, w, WHITE),
  ];
  const posts: unknown[] = [];
  for (const side of [-1, 1]) {
    lines.push(
      linePrimitive(
        1,
        rect(side * hl, -F.penaltyAreaWidth / 2, side * (hl - F.penaltyAreaLength), F.penaltyAreaWidth / 2),
        w,
        WHITE,
      ),
    );
    lines.push(
      linePrimitive(
        1,
        rect(side * hl, -F.goalAreaWidth / 2, side * (hl - F.goalAreaLength), F.goalAreaWidth / 2),
        w,
        WHITE,
      ),
    );
    for (const y of [-1, 1])
      posts.push(
        cylinderPrimitive(
          p(side * (hl + F.goalPostDiameter / 2), (y * (F.goalInnerWidth + F.goalPostDiameter)) / 2),
          metres(F.goalPostDiameter),
          metres(F.goalHeight),
          WHITE,
        ),
      );
  }
  return sceneEntity(stamp, 'field', 'field', { lines, cylinders: posts });
}

/** The 3-D scene of a log. */
export class SceneWriter implements ChannelWriter {
  async start(context: ExportContext, firstTime: bigint): Promise<void> {
    const stamp = foxgloveTime(firstTime);
    context.sink.write('/field', SCENE_UPDATE, { deletions: [], entities: [fieldEntity(stamp)] }, firstTime);
    // The body never changes and moves with the robot frame: one entity with lifetime 0 stays for the whole log.
    const body = cylinderPrimitive({ x: 0, y: 0, z: 0 }, ROBOT_DIAMETER, ROBOT_HEIGHT, GREY);
    context.sink.write(
      '/scene/robot',
      SCENE_UPDATE,
      { deletions: [], entities: [sceneEntity(stamp, 'robot', 'robot', { cylinders: [body] })] },
      firstTime,
    );
  }

  /** JSON templates of the last message per topic and thread, with the numbers they were made from. */
  private readonly texts = new InputTexts();

  /**
   * The JSON template (time stamps as STAMP_PLACEHOLDER) of a message made by `build` from `representation` of `f`,
   * undefined without one; written anew only when the numbers `inputs` adds changed.
   */
  private template<T>(
    f: ExportFrame,
    key: string,
    representation: string,
    inputs: (value: T, add: PrimitiveInputs) => void,
    build: (value: T) => unknown,
  ): string | undefined {
    const value = f.representation<T>(representation);
    if (value === undefined) return undefined;
    inputs(value, this.texts.nextInputs());
    return this.texts.json(`${f.thread}/${key}`, () => build(value));
  }

  frame(f: ExportFrame, context: ExportContext): void {
    const write = (topic: string, schema: McapSchema, json: string | undefined): void => {
      if (json !== undefined) context.sink.writeJson(topic, schema, stamped(json, f.stamp), f.time);
    };
    const thread = f.thread;
    const stamp = STAMP_PLACEHOLDER;
    write(
      '/tf',
      FRAME_TRANSFORM,
      this.template<RobotPose>(
        f,
        'robot',
        'RobotPose',
        (pose, add) => add.add(pose.translation.x).add(pose.translation.y).add(pose.rotation),
        (pose) => ({
          timestamp: stamp,
          parent_frame_id: 'field',
          child_frame_id: 'robot',
          translation: p(pose.translation.x, pose.translation.y),
          rotation: yawQuaternion(pose.rotation),
        }),
      ),
    );
    write(
      '/tf',
      FRAME_TRANSFORM,
      this.template<CameraMatrix>(
        f,
        'camera',
        'CameraMatrix',
        (matrix, add) => {
          add.add(matrix.translation.x).add(matrix.translation.y).add(matrix.translation.z);
          for (const r of matrix.rotation) add.add(r);
        },
        (matrix) => ({
          timestamp: stamp,
          parent_frame_id: 'robot',
          child_frame_id: `camera_${thread.toLowerCase()}`,
          translation: p(matrix.translation.x, matrix.translation.y, matrix.translation.z),
          rotation: matrixQuaternion(opticalRotation(matrix.rotation)),
        }),
      ),
    );
    write(
      '/scene/ball',
      SCENE_UPDATE,
      this.template<BallModel>(
        f,
        'ball',
        'BallModel',
        (ball, add) =>
          add
            .add(ball.estimate.position.x)
            .add(ball.estimate.position.y)
            .add(ball.estimate.radius)
            .add(ball.timeWhenLastSeen > 0 ? 1 : 0),
        (ball) => {
          const b = ball.estimate.position;
          const r = ball.estimate.radius;
          const spheres = ball.timeWhenLastSeen > 0 ? [spherePrimitive(p(b.x, b.y, r), metres(2 * r), ORANGE)] : [];
          return { deletions: [], entities: [sceneEntity(stamp, 'robot', 'ball', { spheres })] };
        },
      ),
    );
    write(
      '/scene/obstacles',
      SCENE_UPDATE,
      this.template<ObstacleModel>(
        f,
        'obstacles',
        'ObstacleModel',
        (model, add) => {
          for (const o of model.obstacles) add.add(o.center.x).add(o.center.y).add(o.radius).add(o.type);
        },
        (model) => {
          const cylinders = model.obstacles.map((o) =>
            cylinderPrimitive(
              p(o.center.x, o.center.y),
              metres(2 * o.radius),
              ROBOT_HEIGHT,
              o.type === 1 || o.type === 3 ? CYAN : MAGENTA,
            ),
          );
          return { deletions: [], entities: [sceneEntity(stamp, 'robot', 'obstacles', { cylinders })] };
        },
      ),
    );
    this.writeTruth(f, context);
  }

  /** The ground truth's primitive texts of the last frame, by thread. */
  private readonly truth = new Map<string, PrimitiveTexts>();

  /**
   * The ground truth of every robot and ball: robots that stand where they stood in the frame before keep their
   * JSON (primitiveTexts.ts), the message is written in pieces around its time stamp.
   */
  private writeTruth(f: ExportFrame, context: ExportContext): void {
    const truth = f.representation<GroundTruthWorldState>('GroundTruthWorldState');
    if (!truth) return;
    let primitives = this.truth.get(f.thread);
    if (!primitives) this.truth.set(f.thread, (primitives = new PrimitiveTexts()));
    const texts = primitives;
    const robot = (pose: { rotation: number; translation: { x: number; y: number } }, color: Rgba): string => {
      const { x, y } = pose.translation;
      texts.nextInputs().add(x).add(y).add(pose.rotation).add(color.r).add(color.g).add(color.b);
      return texts.json('cylinders', () => cylinderJson(p(x, y), ROBOT_DIAMETER, ROBOT_HEIGHT, color, pose.rotation));
    };
    const cylinders = [
      ...truth.ownTeamPlayers.map((r) => robot(r.pose, BLUE)),
      ...truth.opponentTeamPlayers.map((r) => robot(r.pose, RED)),
      robot(truth.ownPose, WHITE),
    ];
    const spheres = truth.balls.map(({ position: { x, y, z } }) => {
      texts.nextInputs().add(x).add(y).add(z);
      return texts.json('spheres', () => spherePrimitive(p(x, y, z), BALL_DIAMETER, ORANGE));
    });
    texts.finishFrame();
    const tail = sceneEntityTail('field', 'ground_truth', { cylinders, spheres });
    context.sink.writeJson(
      '/scene/ground_truth',
      SCENE_UPDATE,
      ['{"deletions":[],"entities":[{"timestamp":', JSON.stringify(f.stamp), ',', tail, ']}'],
      f.time,
    );
  }
}

/**
 * B-Human's camera frame has x along the optical axis, y left, z up; Foxglove's image frame has x right, y down,
 * z forward. The rotation of the optical frame in robot coordinates is therefore R · M, where M's columns are the
 * optical axes in camera coordinates: x = (0,-1,0), y = (0,0,-1), z = (1,0,0). Both are column-major.
 */
export function opticalRotation(r: readonly number[]): number[] {
  const m = [0, -1, 0, 0, 0, -1, 1, 0, 0];
  const out: number[] = new Array<number>(9);
  for (let col = 0; col < 3; col++)
    for (let row = 0; row < 3; row++)
      out[col * 3 + row] = r[row]! * m[col * 3]! + r[3 + row]! * m[col * 3 + 1]! + r[6 + row]! * m[col * 3 + 2]!;
  return out;
}
