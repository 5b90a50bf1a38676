/**
 * @file One situation rendered as the robot would get it (YUYV, varied as a hall varies it) with the spots the
 * ball perceptor would look at: the common start of the training data and of the evaluation.
 */
import type { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { BallAndPenaltyMarkPerceptorParameters } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/BallAndPenaltyMarkPerceptor';
import type { BallSpot } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/ballSpots';
import { spotsForImage } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/spotsForImage';
import {
  naoCameraInfo,
  withFocalLengths,
  type CameraInfo,
} from '@robot-runtime/representations/Infrastructure/CameraInfo';
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { renderCameraImage } from '@app/simulator/camera/renderCameraImage';
import { augmentImage } from './augmentImage';
import { BALL_RADIUS, type Situation } from './situations';

/** The module's parameters as configured by default. */
export const PERCEPTOR_DEFAULTS = BallAndPenaltyMarkPerceptorParameters.defaultValue();

/** A rendered situation. */
export interface RenderedSituation {
  image: YuyvImage;
  cameraInfo: CameraInfo;
  spots: BallSpot[];
}

/** Renders `situation`, varies the image with `random` (when given) and finds its spots. */
export function renderSituation(situation: Situation, random: SeededRandom | undefined): RenderedSituation {
  const k = situation.intrinsics;
  const pixels = renderCameraImage(situation.scene, situation.cameraPose, k, new Uint8Array(k.width * k.height * 2));
  if (random) augmentImage(pixels, k.width, k.height, random);
  const image: YuyvImage = { width: k.width, height: k.height, image: pixels };
  const cameraInfo = naoCameraInfo(situation.camera === 'upper' ? 0 : 1, k.width, k.height);
  const spots = spotsForImage(
    image,
    situation.cameraMatrix,
    withFocalLengths(cameraInfo),
    BALL_RADIUS,
    PERCEPTOR_DEFAULTS,
  );
  return { image, cameraInfo, spots };
}
