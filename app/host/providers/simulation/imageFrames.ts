/**
 * @file The newest image of a robot's image view (`vi`), from whatever its console received: the CameraImage
 * representation a camera thread streams (simulated robots render it only while it is requested) or a debug
 * image. Each new image gets a sequence number, so a view that already shows it is answered with nothing and
 * the 600 KB of a camera image only cross the bridge when they changed.
 */
import { decode } from '@robot-runtime/protocol/binary';
import { PixelType } from '@robot-runtime/protocol/debugMessages/debugImage';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import type { RobotConsole } from '../../console/RobotConsole';
import type { ImageFrameRequest, ImageFrameResponse, ImagePixelFormat } from '@app/ipc/simulation';
import { toWireShape } from '../../viewData/wireShapes';

/** Pixel types the image view decodes, by wire type. */
const FORMATS: Partial<Record<PixelType, ImagePixelFormat>> = {
  [PixelType.YUYV]: 'yuyv',
  [PixelType.RGB]: 'rgb',
  [PixelType.BGRA]: 'bgra',
  [PixelType.YUV]: 'yuv',
  [PixelType.Grayscale]: 'gray',
};

/** A decoded image of any source. */
interface RawImage {
  readonly width: number;
  readonly height: number;
  readonly format: ImagePixelFormat;
  readonly pixels: Uint8Array;
  readonly timestamp?: number;
}

/** Remembers which image each view has shown, to number new ones. */
export class ImageFrames {
  private readonly seen = new Map<string, { source: object; seq: number; notice?: string }>();
  private nextSeq = 1;

  /** Answers an image request for `console`'s view. */
  frame(console: RobotConsole, request: ImageFrameRequest): ImageFrameResponse {
    const view = console.model.views.imageView(request.view);
    if (!view)
      return { notice: `${console.name} has no image view ${request.view} (add one with vi CameraImage upper)` };
    if (view.image === 'JPEGImage') {
      // B-Human compresses the YUYV pairs as a 4-component JPEG, which no image decoder here understands.
      const why = 'its 4-component YUYV JPEG cannot be shown here; use vi CameraImage instead';
      return { notice: `${console.name} sends JPEGImage: ${why}.` };
    }
    const source = this.source(console, view.image, view.thread);
    if (!source) {
      return {
        notice:
          view.image === 'CameraImage'
            ? `Waiting for ${console.name}'s ${view.thread} camera image (the robot sends it while the view's request is on; a simulated robot renders it then).`
            : `Waiting for image ${view.image} from ${console.name}'s ${view.thread} thread.`,
      };
    }
    const key = `${console.name}\u0000${view.name}`;
    let entry = this.seen.get(key);
    if (entry?.source !== source.key) this.seen.set(key, (entry = { source: source.key, seq: this.nextSeq++ }));
    if (request.after === entry.seq) return entry.notice ? { notice: entry.notice } : {};
    const image = source.decode();
    if (!image) return { notice: `Cannot decode ${view.image} from ${console.name}` };
    // A camera image stamped 0 was never taken: the robot streams its empty representation (a body without camera).
    if (view.image === 'CameraImage' && image.timestamp === 0) {
      entry.notice = `${console.name}'s ${view.thread} camera image is empty (t=0): the robot took no picture, its body has no camera (npm run robot on a PC simulates none; a simulated robot in a scene renders one).`;
    } else delete entry.notice;
    return {
      ...(entry.notice ? { notice: entry.notice } : {}),
      frame: {
        robot: console.name,
        view: view.name,
        thread: view.thread,
        seq: entry.seq,
        width: image.width,
        height: image.height,
        format: image.format,
        // A copy of just the pixels: the payload may be a view into a larger buffer, which IPC would send whole.
        data: image.pixels.slice(),
        ...(image.timestamp !== undefined ? { timestamp: image.timestamp } : {}),
        drawings: console.model.viewDrawings(view).map((d) => ({ name: d.drawing, shapes: d.shapes.map(toWireShape) })),
      },
    };
  }

  /** The received object behind an image (its identity tells new from old) and how to decode it. */
  private source(
    console: RobotConsole,
    image: string,
    thread: string,
  ): { key: object; decode(): RawImage | undefined } | undefined {
    if (image === 'CameraImage') {
      const payload = console.model.latestData.get(thread)?.get(MessageID.idCameraImage);
      if (!payload) return undefined;
      return {
        key: payload,
        decode: () => {
          try {
            const value = decode(CameraImage, payload);
            // B-Human's width counts YUYV pixel pairs.
            const width = value.width * 2;
            return { width, height: value.height, format: 'yuyv', pixels: value.image, timestamp: value.timestamp };
          } catch {
            return undefined;
          }
        },
      };
    }
    const debugImage = console.model.debugImages.get(thread)?.get(image);
    if (!debugImage) return undefined;
    const format = FORMATS[debugImage.image.pixelType];
    return {
      key: debugImage,
      decode: () =>
        format
          ? { width: debugImage.image.width, height: debugImage.image.height, format, pixels: debugImage.image.pixels }
          : undefined,
    };
  }
}
