/**
 * @file zstd decompression that cannot be made to allocate more than the caller expects: an MCAP chunk declares
 * its uncompressed size, and that size (checked against the caller's limits first) is the output buffer. The
 * frame's own content size is read from its header and must agree; while decompressing, zstd stops at the end of
 * the buffer, so data that would grow beyond the declared size is refused instead of filling memory. Errors name
 * the problem (the library's own message for every decompression error is "Failed to compress").
 */
import { decompress } from '@bokuweb/zstd-wasm';
import { zstdReady } from './McapSink';

/** The zstd frame magic number (little-endian). */
const ZSTD_MAGIC = 0xfd2fb528;

/** Whether the WebAssembly module has been loaded (loadZstd). */
let loaded = false;

/**
 * Loads the zstd module (the export's one initialisation of it: a second one would replace its memory under
 * buffers in use). Reading is synchronous, so hosts call this early.
 */
export async function loadZstd(): Promise<void> {
  await zstdReady();
  loaded = true;
}

/** Why zstd data was refused. */
export class ZstdDataError extends Error {
  override name = 'ZstdDataError';
}

/**
 * The content size a zstd frame header declares: a number, `undefined` when the header leaves it out, or an error
 * text when the data is no zstd frame.
 */
export function zstdFrameContentSize(data: Uint8Array): number | undefined | string {
  if (data.length < 6) return `${data.length} bytes are too short for a zstd frame`;
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  if (view.getUint32(0, true) !== ZSTD_MAGIC) return 'no zstd frame (wrong magic number)';
  const descriptor = data[4]!;
  const fcsFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3]!;
  const at = 5 + (singleSegment ? 0 : 1) + dictionaryBytes;
  const fcsBytes = fcsFlag === 0 ? singleSegment : [0, 2, 4, 8][fcsFlag]!;
  if (fcsBytes === 0) return undefined;
  if (at + fcsBytes > data.length) return 'the zstd frame header is cut off';
  switch (fcsBytes) {
    case 1:
      return data[at]!;
    case 2:
      return view.getUint16(at, true) + 256;
    case 4:
      return view.getUint32(at, true);
    default:
      return view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
  }
}

/**
 * Decompresses `data` (zstd frames) into exactly `declaredSize` bytes. Throws ZstdDataError when the frame header
 * declares another size, when the data is damaged, or when it decompresses to more or fewer bytes. `declaredSize`
 * must already be within the caller's limits: it is allocated.
 */
export function decompressZstdBounded(data: Uint8Array, declaredSize: number): Uint8Array {
  if (!loaded) throw new ZstdDataError('zstd decompression is still loading: open the file again in a moment');
  const contentSize = zstdFrameContentSize(data);
  if (typeof contentSize === 'string') throw new ZstdDataError(contentSize);
  if (contentSize !== undefined && contentSize !== declaredSize)
    throw new ZstdDataError(`the zstd frame holds ${contentSize} bytes, the chunk declares ${declaredSize}`);
  let out: Uint8Array;
  try {
    // With the content size in the header it is the output buffer; without it, the declared size is.
    out = decompress(data, { defaultHeapSize: Math.max(1, declaredSize) });
  } catch (e) {
    const code = e instanceof Error ? /code (-?\d+)/.exec(e.message)?.[1] : undefined;
    throw new ZstdDataError(
      `damaged zstd data, or more than the declared ${declaredSize} bytes${code ? ` (zstd error ${code})` : ''}`,
    );
  }
  if (out.length !== declaredSize)
    throw new ZstdDataError(`the zstd data holds ${out.length} bytes, the chunk declares ${declaredSize}`);
  return out;
}
