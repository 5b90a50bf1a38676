/**
 * @file The chunk ids of B-Human's log files (formats §3.1). A log is a sequence of chunks, each starting with one
 * of these bytes; the uncompressed and compressed chunks are terminal (the message data runs to the end, the
 * uncompressed one optionally followed by an index chunk).
 */

/** The first byte of every chunk. */
export const LogChunk = {
  /** 8-byte queue header, then raw messages; terminal. */
  uncompressed: 0,
  /** Until EOF: uint32 compressed size, then a Snappy block that decompresses to a serialized queue; terminal. */
  compressed: 1,
  /** uint8 n, then n strings: the message id names as numbered in this log. */
  messageIds: 2,
  /** A TypeInfo stream. */
  typeInfo: 3,
  /** uint32 version, head, body, player number, location, scenario. */
  settings: 4,
  /** The frame index appended after the uncompressed data. */
  indices: 5,
} as const;

/** The version of the settings chunk this program writes and reads. */
export const SETTINGS_VERSION = 1;

/** The version of the index chunk this program writes and reads (an index of another version is rebuilt). */
export const INDEX_VERSION = 2;

/** Bit 63 of an index entry: the frame contains idCameraImage or idJPEGImage. */
export const IMAGE_FRAME_FLAG = 2n ** 63n;
