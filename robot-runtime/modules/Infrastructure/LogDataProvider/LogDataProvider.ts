/**
 * @file Provides the representations a host (simulator, NAO, log player) injects into a thread, so modules never
 * know where their sensor data came from: swapping LogDataProvider for a real provider is a threads.cfg change.
 */
import { defineModule } from '../../../core/module/defineModule';
import type { ClassType } from '../../../core/streamable';
import { CameraImage } from '../../../representations/Infrastructure/CameraImage';
import { CameraInfo } from '../../../representations/Infrastructure/CameraInfo';
import { FrameInfo } from '../../../representations/Infrastructure/FrameInfo';
import { GameControllerData } from '../../../representations/Infrastructure/GameControllerData';
import { GroundTruthWorldState } from '../../../representations/Infrastructure/GroundTruthWorldState';
import { JointSensorData } from '../../../representations/Infrastructure/JointSensorData';
import { FsrSensorData } from '../../../representations/Sensing/FsrSensorData';
import { InertialData } from '../../../representations/Sensing/InertialData';

/**
 * Copies plain streamable data; typed arrays and nested records are duplicated, never shared with the host.
 * Written with plain loops (no key arrays or callbacks): simulated robots inject the ground truth of every player
 * into every camera frame, so this runs thousands of times per simulated second.
 */
function clone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      // Numbers (joint angles, pressures) are most elements: copied without a call.
      const element: unknown = value[i];
      out[i] = element === null || typeof element !== 'object' ? element : clone(element);
    }
    return out;
  }
  if (ArrayBuffer.isView(value)) return (value as Uint8Array).slice();
  const out: Record<string, unknown> = {};
  // Injected values are plain records: their enumerable keys are their own.
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    out[key] = field === null || typeof field !== 'object' ? field : clone(field);
  }
  return out;
}

/**
 * Overwrites the declared fields of `target` with those present in `source`, in place: other modules and the
 * debug layer hold references to the blackboard instance, so it must not be replaced.
 */
export function copyInto(type: ClassType, target: object, source: unknown): void {
  if (source === null || typeof source !== 'object') return;
  const from = source as Record<string, unknown>;
  const to = target as Record<string, unknown>;
  for (const name of type.fieldNames) if (name in from) to[name] = clone(from[name]);
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
        if (source?.image instanceof Uint8Array) image.image = source.image.slice();
      },
    },
  };
});
