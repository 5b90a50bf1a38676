/**
 * @file Camera images for Foxglove's image panel: each `CameraImage` becomes a `foxglove.RawImage` (`yuyv`, the
 * NAO's format) — or a PNG `foxglove.CompressedImage` when the export asks for compressed images — on
 * `/<thread>/image`, in frame `camera_<thread>`, with a `foxglove.CameraCalibration` from the frame's CameraInfo
 * on `/<thread>/calibration` (pinhole, no distortion). An image without pixels (a standalone robot without a
 * camera sends width × height = 0 or no bytes) is skipped and counted, not written.
 */
import type { CameraImage } from '../../../../robot-runtime/representations/Infrastructure/CameraImage';
import type { CameraInfo } from '../../../../robot-runtime/representations/Infrastructure/CameraInfo';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import type { McapSchema } from './McapSink';
import { yuyvToPng } from './png';

const RAW_IMAGE: McapSchema = { name: 'foxglove.RawImage', json: foxgloveJsonSchema('RawImage') };
const COMPRESSED_IMAGE: McapSchema = { name: 'foxglove.CompressedImage', json: foxgloveJsonSchema('CompressedImage') };
const CAMERA_CALIBRATION: McapSchema = { name: 'foxglove.CameraCalibration', json: foxgloveJsonSchema('CameraCalibration') };

/** The calibration Foxglove needs to project 3-D entities into the image. */
export function cameraCalibration(info: CameraInfo, stamp: unknown, frameId: string): Record<string, unknown> {
  const fx = info.focalLength;
  const fy = info.focalLengthHeight;
  const cx = info.opticalCenter.x;
  const cy = info.opticalCenter.y;
  return {
    timestamp: stamp,
    frame_id: frameId,
    width: info.width,
    height: info.height,
    distortion_model: 'plumb_bob',
    D: [0, 0, 0, 0, 0],
    K: [fx, 0, cx, 0, fy, cy, 0, 0, 1],
    R: [1, 0, 0, 0, 1, 0, 0, 0, 1],
    P: [fx, 0, cx, 0, 0, fy, cy, 0, 0, 0, 1, 0],
  };
}

/** Camera images and their calibration. */
export class CameraWriter implements ChannelWriter {
  constructor(private readonly options: { compressed: boolean; topicPrefix?: string } = { compressed: false }) {}

  async frame(f: ExportFrame, context: ExportContext): Promise<void> {
    const image = f.representation<CameraImage>('CameraImage');
    const info = f.representation<CameraInfo>('CameraInfo');
    const prefix = this.options.topicPrefix ?? `/${f.thread}`;
    const frameId = `camera_${f.thread.toLowerCase()}`;
    if (info) await context.sink.write(`${prefix}/calibration`, CAMERA_CALIBRATION, cameraCalibration(info, f.stamp, frameId), f.time);
    if (!image) return;
    const { width, height } = image;
    if (width === 0 || height === 0 || image.image.length < width * height * 2) {
      context.skip('CameraImage (no pixels)');
      return;
    }
    const pixels = image.image.subarray(0, width * height * 2);
    if (this.options.compressed) {
      await context.sink.write(`${prefix}/image`, COMPRESSED_IMAGE, { timestamp: f.stamp, frame_id: frameId, data: yuyvToPng(pixels, width, height), format: 'png' }, f.time);
    } else {
      await context.sink.write(`${prefix}/image`, RAW_IMAGE, { timestamp: f.stamp, frame_id: frameId, width, height, encoding: 'yuyv', step: width * 2, data: pixels }, f.time);
    }
  }
}
