/**
 * @file The camera of a simulated robot: the simulator renders an image only while somebody wants one (an image
 * view, `ci on`, a log) and injects it as `CameraImage`; frames without a rendered image keep the previous one,
 * as a camera thread without a new image would.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';

/** The part of an injected image this module reads (a CameraImage: width in YUYV pixel pairs). */
interface InjectedImage {
  width: number;
  height: number;
  timestamp: number;
  image: Uint8Array;
}

export const SimulatedCameraProvider = defineModule({
  name: 'SimulatedCameraProvider',
  category: 'Infrastructure',
  provides: [CameraImage],
  stateless: true,
}).implement(({ injected }) => ({
  update: {
    CameraImage(image) {
      const rendered = injected.get('CameraImage') as InjectedImage | undefined;
      if (!rendered) return;
      // The renderer reuses no buffers across frames, so the bytes can be taken over without a copy.
      image.width = rendered.width;
      image.height = rendered.height;
      image.timestamp = rendered.timestamp;
      image.image = rendered.image;
    },
  },
}));
