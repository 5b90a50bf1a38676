/**
 * @file Camera images for Foxglove's image panel: each `CameraImage` becomes a `foxglove.RawImage` (`yuyv`, the
 * NAO's format) — or a PNG `foxglove.CompressedImage` when the export asks for compressed images — and each
 * `JPEGImage` a `foxglove.CompressedImage` (`jpeg`, its bytes as logged), in Protobuf (see McapSchema.binary) on
 * `/<thread>/image`, in frame `camera_<thread>`, with a `foxglove.CameraCalibration` from the frame's CameraInfo
 * on `/<thread>/calibration` (pinhole, no distortion). An image without pixels (a standalone robot without a
 * camera sends width × height = 0 or no bytes) is skipped and counted, not written. The frame remembers which
 * message holds the image's bytes (ExportFrame.image), for the raw-frames channel.
 */
import type { JpegImageValue } from '@robot-runtime/protocol/binary/codecs/handWritten';
import type { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { withFocalLengths, type CameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import type { McapSchema } from './McapSink';
import { InputTexts } from './primitiveTexts';
import { yuyvToPng } from '../../images/png';
import { STAMP_PLACEHOLDER, stamped } from './repeatedJson';

const RAW_IMAGE: McapSchema = { name: 'foxglove.RawImage', json: foxgloveJsonSchema('RawImage'), binary: true };
const COMPRESSED_IMAGE: McapSchema = {
  name: 'foxglove.CompressedImage',
  json: foxgloveJsonSchema('CompressedImage'),
  binary: true,
};
const CAMERA_CALIBRATION: McapSchema = {
  name: 'foxglove.CameraCalibration',
  json: foxgloveJsonSchema('CameraCalibration'),
};

/**
 * The calibration Foxglove needs to project 3-D entities into the image, for an image of `width` × `height`
 * pixels: the intrinsics are scaled when the image's resolution differs from the one CameraInfo describes.
 */
export function cameraCalibration(
  info: CameraInfo,
  stamp: unknown,
  frameId: string,
  width = info.width,
  height = info.height,
): Record<string, unknown> {
  const sx = info.width > 0 ? width / info.width : 1;
  const sy = info.height > 0 ? height / info.height : 1;
  const { focalLength, focalLengthHeight } = withFocalLengths(info);
  const fx = focalLength * sx;
  const fy = focalLengthHeight * sy;
  const cx = info.opticalCenter.x * sx;
  const cy = info.opticalCenter.y * sy;
  return {
    timestamp: stamp,
    frame_id: frameId,
    width,
    height,
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

  /** The calibration's JSON per topic, written anew only when the camera or the image size changed. */
  private readonly calibrations = new InputTexts();

  /** The calibration of an image of `width` × `height` pixels taken with `info`. */
  private writeCalibration(
    f: ExportFrame,
    context: ExportContext,
    info: CameraInfo,
    topic: string,
    frameId: string,
    width: number,
    height: number,
  ): void {
    if (context.sink.encoding !== 'json') {
      // Protobuf (the HumanoidDataset profile) is written from the value.
      context.sink.write(topic, CAMERA_CALIBRATION, cameraCalibration(info, f.stamp, frameId, width, height), f.time);
      return;
    }
    this.calibrations
      .nextInputs()
      .add(info.width)
      .add(info.height)
      .add(info.openingAngleWidth)
      .add(info.openingAngleHeight)
      .add(info.opticalCenter.x)
      .add(info.opticalCenter.y)
      .add(width)
      .add(height);
    const json = this.calibrations.json(topic, () =>
      cameraCalibration(info, STAMP_PLACEHOLDER, frameId, width, height),
    );
    context.sink.writeJson(topic, CAMERA_CALIBRATION, stamped(json, f.stamp), f.time);
  }

  frame(f: ExportFrame, context: ExportContext): void {
    const image = f.representation<CameraImage>('CameraImage');
    const info = f.representation<CameraInfo>('CameraInfo');
    const prefix = this.options.topicPrefix ?? `/${f.thread}`;
    const frameId = `camera_${f.thread.toLowerCase()}`;
    // The HumanoidDataset wants PNG images, which a JPEGImage cannot become without a decoder: left as skipped.
    const jpeg = image || this.options.compressed ? undefined : f.representation<JpegImageValue>('JPEGImage');
    if (jpeg) {
      this.writeJpeg(f, context, jpeg, info, prefix, frameId);
      return;
    }
    // B-Human's CameraImage counts YUYV pixel pairs: twice as many columns, four bytes per pair.
    const columns = (image?.width ?? 0) * 2;
    const usable =
      image !== undefined && columns > 0 && image.height > 0 && image.image.length >= columns * image.height * 2;
    if (info) {
      const [width, height] = usable ? [columns, image.height] : [info.width, info.height];
      this.writeCalibration(f, context, info, `${prefix}/calibration`, frameId, width, height);
    }
    if (!image) return;
    if (!usable) {
      context.skip('CameraImage (no pixels)');
      return;
    }
    const width = columns;
    const height = image.height;
    const pixels = image.image.subarray(0, width * height * 2);
    if (this.options.compressed) {
      context.sink.write(
        `${prefix}/image`,
        COMPRESSED_IMAGE,
        { timestamp: f.stamp, frame_id: frameId, data: yuyvToPng(pixels, width, height), format: 'png' },
        f.time,
      );
    } else {
      const written = context.sink.write(
        `${prefix}/image`,
        RAW_IMAGE,
        { timestamp: f.stamp, frame_id: frameId, width, height, encoding: 'yuyv', step: width * 2, data: pixels },
        f.time,
      );
      f.image = { bytes: pixels, ...written };
    }
  }

  /**
   * A JPEGImage as it is: B-Human compresses the YUYV pixel pairs as 4-component JPEG pixels (`width` pairs per
   * row), which viewers decode as a half-width image in false colours; the data are kept exactly for replay.
   */
  private writeJpeg(
    f: ExportFrame,
    context: ExportContext,
    jpeg: JpegImageValue,
    info: CameraInfo | undefined,
    prefix: string,
    frameId: string,
  ): void {
    if (info) this.writeCalibration(f, context, info, `${prefix}/calibration`, frameId, jpeg.width, jpeg.height);
    if (jpeg.size === 0 || jpeg.width === 0 || jpeg.height === 0) {
      context.skip('JPEGImage (no pixels)');
      return;
    }
    const written = context.sink.write(
      `${prefix}/image`,
      COMPRESSED_IMAGE,
      { timestamp: f.stamp, frame_id: frameId, data: jpeg.image, format: 'jpeg' },
      f.time,
    );
    f.image = { bytes: jpeg.image, ...written };
  }
}
