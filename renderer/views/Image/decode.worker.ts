/**
 * @file The image decoding worker: raw bytes → RGBA, off the main thread (a 640×480 YUYV image is 600 KB of
 * pixels and 1.2 MB of RGBA). Both buffers are transferred back, not copied: the view paints the RGBA
 * and keeps the raw bytes for the pixel tooltip.
 */
import type { DecodeRequest, DecodeResult } from './ImageDecoder';
import { toRgba } from './pixels';

self.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, format, width, height, data } = event.data;
  try {
    // Its own buffer (the bridge hands out exact copies), so it can be transferred back whole.
    const raw: Uint8Array<ArrayBuffer> =
      data.buffer instanceof ArrayBuffer && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength
        ? (data as Uint8Array<ArrayBuffer>)
        : data.slice();
    const rgba = toRgba(format, raw, width, height);
    const result: DecodeResult = { id, width, height, rgba: rgba.buffer, raw: raw.buffer };
    (self as unknown as Worker).postMessage(result, [rgba.buffer, raw.buffer]);
  } catch (error) {
    const result: DecodeResult = { id, width, height, error: error instanceof Error ? error.message : String(error) };
    (self as unknown as Worker).postMessage(result);
  }
};
