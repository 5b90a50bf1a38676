/**
 * @file Provides the representations a host (simulator, NAO, log player) injects into a thread, so modules never
 * know where their sensor data came from: swapping LogDataProvider for a real provider is a threads.cfg change.
 * Like B-Human's, it can provide every representation a log can hold (each one with a data message id), so a
 * replay shows what the recorded robot believed (`mr BallModel LogDataProvider`, `log mr`) instead of recomputing it.
 */
import { defineModule, type Updates } from '@robot-runtime/core/module/defineModule';
import { copyInPlace, type ClassType } from '@robot-runtime/core/streamable';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { loggableRepresentations } from '@robot-runtime/representations/loggableRepresentations';

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
  provides: loggableRepresentations,
  stateless: true,
}).implement(({ injected }) => {
  /** Without new data a representation keeps its previous value, as a log keeps the last recorded one. */
  const update: Record<string, (representation: object) => void> = {};
  for (const type of loggableRepresentations)
    update[type.typeName] = (representation) => copyInto(type, representation, injected.get(type.typeName));
  update[CameraImage.typeName] = (image) => {
    // The pixels follow the declared attributes (B-Human's hand-written stream), so they are copied too.
    const source = injected.get(CameraImage.typeName) as { image?: unknown } | undefined;
    copyInto(CameraImage, image, source);
    // A fresh copy, not written in place: loggers and debug images may still hold the previous frame's pixels.
    if (source?.image instanceof Uint8Array) (image as { image: Uint8Array }).image = source.image.slice();
  };
  return { update: update as Updates<typeof loggableRepresentations> };
});
