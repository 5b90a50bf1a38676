import koffi from 'koffi';
import { describe, expect, it } from 'vitest';
import {
  decodeStruct,
  encodeStruct,
  HEADER_SIZES,
  v4l2Buffer,
  v4l2Capability,
  v4l2CaptureParm,
  v4l2Control,
  v4l2Format,
  v4l2PixFormat,
  v4l2QueryCtrl,
  v4l2RequestBuffers,
  v4l2StreamParm,
  v4l2Timecode,
  V4L2_PIX_FMT_YUYV,
  VIDIOC,
} from './v4l2Structs';

describe('the V4L2 structs laid out by hand', () => {
  it('have the sizes linux/videodev2.h gives them on x86-64', () => {
    const layouts = {
      v4l2_capability: v4l2Capability,
      v4l2_pix_format: v4l2PixFormat,
      v4l2_format: v4l2Format,
      v4l2_captureparm: v4l2CaptureParm,
      v4l2_streamparm: v4l2StreamParm,
      v4l2_requestbuffers: v4l2RequestBuffers,
      v4l2_timecode: v4l2Timecode,
      v4l2_buffer: v4l2Buffer,
      v4l2_queryctrl: v4l2QueryCtrl,
      v4l2_control: v4l2Control,
    };
    const sizes = Object.fromEntries(Object.entries(layouts).map(([name, type]) => [name, koffi.sizeof(type)]));
    expect(sizes).toEqual(HEADER_SIZES);
    // The header's offsets where padding decides them: the format union after 4 bytes of padding, the buffer's
    // time stamp after five 32-bit fields and the union m after sequence and memory.
    expect(koffi.offsetof(v4l2Format, 'fmt')).toBe(8);
    expect(koffi.offsetof(v4l2StreamParm, 'parm')).toBe(4);
    expect(koffi.offsetof(v4l2Buffer, 'timestamp')).toBe(24);
    expect(koffi.offsetof(v4l2Buffer, 'sequence')).toBe(56);
    expect(koffi.offsetof(v4l2Buffer, 'm')).toBe(64);
    expect(koffi.offsetof(v4l2Buffer, 'length')).toBe(72);
    expect(koffi.offsetof(v4l2Buffer, 'request_fd')).toBe(80);
  });

  it('give the ioctl numbers of the header and the YUYV code', () => {
    expect(VIDIOC).toEqual({
      QUERYCAP: 0x80685600,
      G_FMT: 0xc0d05604,
      S_FMT: 0xc0d05605,
      REQBUFS: 0xc0145608,
      QUERYBUF: 0xc0585609,
      QBUF: 0xc058560f,
      DQBUF: 0xc0585611,
      STREAMON: 0x40045612,
      STREAMOFF: 0x40045613,
      G_PARM: 0xc0cc5615,
      S_PARM: 0xc0cc5616,
      G_CTRL: 0xc008561b,
      S_CTRL: 0xc008561c,
      QUERYCTRL: 0xc0445624,
    });
    expect(V4L2_PIX_FMT_YUYV).toBe(0x56595559);
  });

  it('lay a format request out where the kernel reads it and read a buffer back', () => {
    const format = encodeStruct(v4l2Format, { type: 1, fmt: { pix: { width: 640, height: 480, pixelformat: 7 } } });
    expect([format.readUInt32LE(0), format.readUInt32LE(8), format.readUInt32LE(12), format.readUInt32LE(16)]).toEqual([
      1, 640, 480, 7,
    ]);
    const buffer = Buffer.alloc(koffi.sizeof(v4l2Buffer));
    buffer.writeUInt32LE(2, 0);
    buffer.writeBigInt64LE(12n, 24);
    buffer.writeBigInt64LE(345678n, 32);
    buffer.writeUInt32LE(99, 56);
    buffer.writeUInt32LE(4096, 64);
    const decoded = decodeStruct<{ index: number; sequence: number; timestamp: { tv_sec: bigint | number } }>(
      buffer,
      v4l2Buffer,
    );
    expect(decoded.index).toBe(2);
    expect(decoded.sequence).toBe(99);
    expect(Number(decoded.timestamp.tv_sec)).toBe(12);
  });
});
