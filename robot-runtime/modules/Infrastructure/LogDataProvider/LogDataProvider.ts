/**
 * @file Provides the representations a host (simulator, NAO, log player) injects into a thread, so modules never
 * know where their sensor data came from: swapping LogDataProvider for a real provider is a threads.cfg change.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { copyInPlace, type ClassType } from '@robot-runtime/core/streamable';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { CameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GroundTruthWorldState } from '@robot-runtime/representations/Infrastructure/GroundTruthWorldState';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { FsrSensorData } from '@robot-runtime/representations/Sensing/FsrSensorData';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';

/**
 * Overwrites the declared fields of `target` with those present in `source`, in place: other modules and the
 * debug layer hold references to the blackboard instance, so it must not be replaced. Nested data is written
 * into the previous frame's arrays and records (copyInPlace): simulated robots inject sensor data into every
 * Motion frame, the ground truth of every player into every camera frame and the GameController's data (40
 * player records) into every Cognition frame, tens of thousands of objects per simulated second with 14 robots.
 */
export function copyInto(type: ClassType, target: object, source: unknown): void {
  if (source === null || typeof source !== 'object') return;
  const from = source as Record<string, unknown>;
  const to = target as Record<string, unknown>;
  for (const name of type.fieldNames) if (name in from) to[name] = copyInPlace(to[name], from[name]);
}

export const LogDataProvider = defineModule({
  name: 'LogDataProvider',
  category: 'Infrastructure',
  provides: [
    FrameInfo,
    JointSensorData,
    InertialData,
    FsrSensorData,
    CameraInfo,
    GroundTruthWorldState,
    GameControllerData,
    CameraImage,
  ],
}).implement(({ injected }) => {
  /** Without new data a representation keeps its previous value, as a log keeps the last recorded one. */
  const provide = (type: ClassType) => (representation: object) =>
    copyInto(type, representation, injected.get(type.typeName));
  return {
    update: {
      FrameInfo: provide(FrameInfo),
      JointSensorData: provide(JointSensorData),
      InertialData: provide(InertialData),
      FsrSensorData: provide(FsrSensorData),
      CameraInfo: provide(CameraInfo),
      GroundTruthWorldState: provide(GroundTruthWorldState),
      GameControllerData: provide(GameControllerData),
      CameraImage(image) {
        // The pixels follow the declared attributes (B-Human's hand-written stream), so they are copied too.
        const source = injected.get('CameraImage') as { image?: unknown } | undefined;
        copyInto(CameraImage, image, source);
        // A fresh copy, not written in place: loggers and debug images may still hold the previous frame's pixels.
        if (source?.image instanceof Uint8Array) image.image = source.image.slice();
      },
    },
  };
});
