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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);

/**
 * Copies plain streamable data `source` into the structure of `target` and returns the result: arrays and
 * records already there are overwritten element by element, anything else is built new; nothing is ever shared
 * with the host. Reusing the previous frame's objects makes a frame's injection cost no garbage: simulated
 * robots inject sensor data into every Motion frame, the ground truth of every player into every camera frame
 * and the GameController's data (40 player records) into every Cognition frame, tens of thousands of objects per
 * simulated second with 14 robots. (The exchange between threads updates nested objects in place too.) Written
 * with plain loops, no key arrays or callbacks, for the same reason.
 */
function copyValue(target: unknown, source: unknown): unknown {
  if (source === null || typeof source !== 'object') return source;
  if (Array.isArray(source)) {
    const out: unknown[] = Array.isArray(target) ? target : new Array<unknown>(source.length);
    if (out.length !== source.length) out.length = source.length;
    for (let i = 0; i < source.length; i++) {
      // Numbers (joint angles, pressures) are most elements: copied without a call.
      const element: unknown = source[i];
      out[i] = element === null || typeof element !== 'object' ? element : copyValue(out[i], element);
    }
    return out;
  }
  // Byte data (pixels) is copied fresh: whoever holds the previous frame's bytes keeps them.
  if (ArrayBuffer.isView(source)) return (source as Uint8Array).slice();
  const out = isRecord(target) ? target : {};
  // Injected values are plain records: their enumerable keys are their own.
  for (const key in source) {
    const field = (source as Record<string, unknown>)[key];
    out[key] = field === null || typeof field !== 'object' ? field : copyValue(out[key], field);
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
  for (const name of type.fieldNames) if (name in from) to[name] = copyValue(to[name], from[name]);
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
