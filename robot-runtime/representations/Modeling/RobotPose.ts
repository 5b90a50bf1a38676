import { defineRepresentation } from '../../core/representation';
import { Matrix3f, Vector2f, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Colors, withAlpha } from '../../math/colors';
import { poseToGlobal } from '../../math/vec2';
import { noBrush, solidPen } from '../pens';
import { cameraThreadName, type CameraInfo } from '../Infrastructure/CameraInfo';

/** How much the self-locator trusts its estimate. */
export const LocalizationQuality = defineEnum('RobotPose::LocalizationQuality', ['superb', 'okay', 'poor'] as const);

/**
 * The robot's pose on the field in the team's frame: origin at the centre spot, x towards the opponent goal.
 * B-Human's RobotPose derives from Pose2f, so rotation and translation come first.
 */
export const RobotPose = defineRepresentation(
  'RobotPose',
  {
    rotation: field(t.angle, 'Heading of the robot on the field (rad, 0 = towards the opponent goal).'),
    translation: field(Vector2f, 'Position of the robot on the field (mm).'),
    quality: field(LocalizationQuality, 'How much the estimate can be trusted.', LocalizationQuality.poor),
    covariance: field(Matrix3f, 'Covariance of (x mm, y mm, rotation rad), column-major.', () => [
      1e6, 0, 0, 0, 1e6, 0, 0, 0, 1,
    ]),
    timestamp: field(t.uint32, 'Time (ms) of the frame the estimate belongs to.'),
    timestampLastJump: field(t.uint32, 'Time (ms) at which the estimate was last reset to a distant pose.'),
  },
  {
    doc: 'The estimated pose of the robot on the field.',
    draw(pose, debug, blackboard) {
      const color =
        pose.quality === LocalizationQuality.superb
          ? Colors.blue
          : pose.quality === LocalizationQuality.okay
            ? Colors.yellow
            : Colors.red;
      debug.drawing('representation:RobotPose', 'drawingOnField', (d) => {
        const c = pose.covariance;
        d.covarianceEllipses([c[0]!, c[1]!, c[3]!, c[4]!], pose.translation, withAlpha(color, 80));
        d.robot(
          { rotation: pose.rotation, translation: pose.translation },
          { x: 1, y: 0 },
          { x: 1, y: 0 },
          1,
          color,
          Colors.white,
          Colors.white,
        );
        const sigmaRot = Math.sqrt(Math.max(c[8]!, 0));
        d.arc(
          pose.translation.x,
          pose.translation.y,
          200,
          pose.rotation - sigmaRot,
          2 * sigmaRot,
          solidPen(color, 10),
          noBrush(),
        );
        d.text(
          pose.translation.x,
          pose.translation.y - 300,
          150,
          color,
          LocalizationQuality.names[pose.quality] ?? '?',
        );
      });
      // Drawings that only move the field view's origin: listed in a view before robot-relative drawings
      // (`vfd <view> origin:RobotPose`), they place them around the robot; `origin:Reset` ends that.
      debug.drawing('origin:RobotPose', 'drawingOnField', (d) =>
        d.origin(pose.translation.x, pose.translation.y, pose.rotation),
      );
      debug.drawing('origin:Reset', 'drawingOnField', (d) => d.origin(0, 0, 0));
      // The camera threads have no RobotPose, and an ORIGIN only carries within its thread. As in B-Human, Cognition
      // draws their origin and hands the drawing to the thread of the camera image it has just processed (THREAD),
      // so percepts listed after `perception:RobotPose` in a field view are painted around the robot.
      const camera = blackboard?.get('CameraInfo') as CameraInfo | undefined;
      const cameraThread = camera ? cameraThreadName(camera.camera) : undefined;
      debug.drawing('perception:RobotPose', 'drawingOnField', (d) => {
        if (cameraThread) d.thread(cameraThread);
        d.origin(pose.translation.x, pose.translation.y, pose.rotation);
      });
      debug.drawing('perception:Reset', 'drawingOnField', (d) => {
        if (cameraThread) d.thread(cameraThread);
        d.origin(0, 0, 0);
      });
      debug.plot('representation:RobotPose:deviation', () =>
        Math.sqrt(Math.max(pose.covariance[0]!, pose.covariance[4]!)),
      );
    },
    verify(pose) {
      if (![pose.rotation, pose.translation.x, pose.translation.y, ...pose.covariance].every(Number.isFinite))
        return 'RobotPose: the pose is not finite';
      return undefined;
    },
  },
);
export type RobotPose = ValueOf<typeof RobotPose>;

/** A robot-relative point in field coordinates. */
export const relativeToField = (
  pose: Readonly<RobotPose>,
  relative: { x: number; y: number },
): { x: number; y: number } => poseToGlobal(pose, relative);
