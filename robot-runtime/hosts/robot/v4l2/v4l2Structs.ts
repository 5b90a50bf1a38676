/**
 * @file The V4L2 structs a capture camera exchanges with the kernel, laid out by hand after linux/videodev2.h as
 * koffi types (koffi computes padding and alignment as the C compiler does; v4l2Structs.test.ts checks each size
 * against the header's on x86-64), the ioctl request numbers built from those sizes as the kernel's _IOWR macros
 * build them, and the pixel format and control ids used. Structs travel as Buffers: `encodeStruct` lays a JS
 * object out, `decodeStruct` reads one back.
 */
import koffi, { type TypeObject } from 'koffi';

const fract = koffi.struct('v4l2_fract', { numerator: 'uint32_t', denominator: 'uint32_t' });

/** struct v4l2_capability (VIDIOC_QUERYCAP). */
export const v4l2Capability = koffi.struct('v4l2_capability', {
  driver: koffi.array('uint8_t', 16),
  card: koffi.array('uint8_t', 32),
  bus_info: koffi.array('uint8_t', 32),
  version: 'uint32_t',
  capabilities: 'uint32_t',
  device_caps: 'uint32_t',
  reserved: koffi.array('uint32_t', 3),
});

/** struct v4l2_pix_format (the single-planar member of v4l2_format's union). */
export const v4l2PixFormat = koffi.struct('v4l2_pix_format', {
  width: 'uint32_t',
  height: 'uint32_t',
  pixelformat: 'uint32_t',
  field: 'uint32_t',
  bytesperline: 'uint32_t',
  sizeimage: 'uint32_t',
  colorspace: 'uint32_t',
  priv: 'uint32_t',
  flags: 'uint32_t',
  ycbcr_enc: 'uint32_t',
  quantization: 'uint32_t',
  xfer_func: 'uint32_t',
});

/**
 * struct v4l2_format (VIDIOC_G_FMT/S_FMT). The kernel's union also holds struct v4l2_window, whose pointers align
 * the union to 8 bytes (so it starts at offset 8, after 4 bytes of padding); `align` stands in for them.
 */
export const v4l2Format = koffi.struct('v4l2_format', {
  type: 'uint32_t',
  fmt: koffi.union('v4l2_format_fmt', {
    pix: v4l2PixFormat,
    raw_data: koffi.array('uint8_t', 200),
    align: 'void *',
  }),
});

/** struct v4l2_captureparm (the capture member of v4l2_streamparm's union). */
export const v4l2CaptureParm = koffi.struct('v4l2_captureparm', {
  capability: 'uint32_t',
  capturemode: 'uint32_t',
  timeperframe: fract,
  extendedmode: 'uint32_t',
  readbuffers: 'uint32_t',
  reserved: koffi.array('uint32_t', 4),
});

/** struct v4l2_streamparm (VIDIOC_G_PARM/S_PARM): no pointers, so the union follows `type` directly. */
export const v4l2StreamParm = koffi.struct('v4l2_streamparm', {
  type: 'uint32_t',
  parm: koffi.union('v4l2_streamparm_parm', { capture: v4l2CaptureParm, raw_data: koffi.array('uint8_t', 200) }),
});

/** struct v4l2_requestbuffers (VIDIOC_REQBUFS). */
export const v4l2RequestBuffers = koffi.struct('v4l2_requestbuffers', {
  count: 'uint32_t',
  type: 'uint32_t',
  memory: 'uint32_t',
  capabilities: 'uint32_t',
  flags: 'uint8_t',
  reserved: koffi.array('uint8_t', 3),
});

/** struct v4l2_timecode (inside v4l2_buffer). */
export const v4l2Timecode = koffi.struct('v4l2_timecode', {
  type: 'uint32_t',
  flags: 'uint32_t',
  frames: 'uint8_t',
  seconds: 'uint8_t',
  minutes: 'uint8_t',
  hours: 'uint8_t',
  userbits: koffi.array('uint8_t', 4),
});

/** struct v4l2_buffer (VIDIOC_QUERYBUF/QBUF/DQBUF), with the 64-bit struct timeval of x86-64 and arm64. */
export const v4l2Buffer = koffi.struct('v4l2_buffer', {
  index: 'uint32_t',
  type: 'uint32_t',
  bytesused: 'uint32_t',
  flags: 'uint32_t',
  field: 'uint32_t',
  timestamp: koffi.struct('v4l2_timeval', { tv_sec: 'int64_t', tv_usec: 'int64_t' }),
  timecode: v4l2Timecode,
  sequence: 'uint32_t',
  memory: 'uint32_t',
  m: koffi.union('v4l2_buffer_m', { offset: 'uint32_t', userptr: 'unsigned long', planes: 'void *', fd: 'int32_t' }),
  length: 'uint32_t',
  reserved2: 'uint32_t',
  request_fd: 'int32_t',
});

/** struct v4l2_queryctrl (VIDIOC_QUERYCTRL). */
export const v4l2QueryCtrl = koffi.struct('v4l2_queryctrl', {
  id: 'uint32_t',
  type: 'uint32_t',
  name: koffi.array('uint8_t', 32),
  minimum: 'int32_t',
  maximum: 'int32_t',
  step: 'int32_t',
  default_value: 'int32_t',
  flags: 'uint32_t',
  reserved: koffi.array('uint32_t', 2),
});

/** struct v4l2_control (VIDIOC_G_CTRL/S_CTRL). */
export const v4l2Control = koffi.struct('v4l2_control', { id: 'uint32_t', value: 'int32_t' });

/** The sizes linux/videodev2.h gives these structs on x86-64 (and arm64), which the test holds the layouts to. */
export const HEADER_SIZES: Readonly<Record<string, number>> = {
  v4l2_capability: 104,
  v4l2_pix_format: 48,
  v4l2_format: 208,
  v4l2_captureparm: 40,
  v4l2_streamparm: 204,
  v4l2_requestbuffers: 20,
  v4l2_timecode: 16,
  v4l2_buffer: 88,
  v4l2_queryctrl: 68,
  v4l2_control: 8,
};

// _IOC(dir, 'V', nr, size): dir in bits 30-31 (1 write, 2 read), size in bits 16-29, type in 8-15, nr in 0-7.
function ioc(dir: number, nr: number, type: TypeObject | null): number {
  const size = type ? koffi.sizeof(type) : 0;
  return ((dir << 30) | (size << 16) | (0x56 << 8) | nr) >>> 0;
}
const W = 1;
const R = 2;
const RW = 3;

/** The ioctl requests used, as linux/videodev2.h numbers them. */
export const VIDIOC = {
  QUERYCAP: ioc(R, 0, v4l2Capability),
  G_FMT: ioc(RW, 4, v4l2Format),
  S_FMT: ioc(RW, 5, v4l2Format),
  REQBUFS: ioc(RW, 8, v4l2RequestBuffers),
  QUERYBUF: ioc(RW, 9, v4l2Buffer),
  QBUF: ioc(RW, 15, v4l2Buffer),
  DQBUF: ioc(RW, 17, v4l2Buffer),
  STREAMON: ioc(W, 18, koffi.types.int),
  STREAMOFF: ioc(W, 19, koffi.types.int),
  G_PARM: ioc(RW, 21, v4l2StreamParm),
  S_PARM: ioc(RW, 22, v4l2StreamParm),
  G_CTRL: ioc(RW, 27, v4l2Control),
  S_CTRL: ioc(RW, 28, v4l2Control),
  QUERYCTRL: ioc(RW, 36, v4l2QueryCtrl),
} as const;

/** enum v4l2_buf_type / v4l2_memory / v4l2_field values used. */
export const V4L2_BUF_TYPE_VIDEO_CAPTURE = 1;
export const V4L2_MEMORY_MMAP = 1;
export const V4L2_FIELD_NONE = 1;
/** Capability bits (v4l2_capability.capabilities / device_caps). */
export const V4L2_CAP_VIDEO_CAPTURE = 0x1;
export const V4L2_CAP_STREAMING = 0x4000000;
/** Buffer flags: the driver marks a buffer whose data is damaged. */
export const V4L2_BUF_FLAG_ERROR = 0x40;
/** Control flags and the flag that makes QUERYCTRL enumerate (the next control after `id`). */
export const V4L2_CTRL_FLAG_DISABLED = 0x1;
export const V4L2_CTRL_FLAG_NEXT_CTRL = 0x80000000;
/** Control types a camera setting can be (B-Human accepts these three). */
export const V4L2_CTRL_TYPE_INTEGER = 1;
export const V4L2_CTRL_TYPE_BOOLEAN = 2;
export const V4L2_CTRL_TYPE_MENU = 3;

/** A four-character code as V4L2 packs it (first character in the low byte). */
export function fourcc(code: string): number {
  return (
    (code.charCodeAt(0) | (code.charCodeAt(1) << 8) | (code.charCodeAt(2) << 16) | (code.charCodeAt(3) << 24)) >>> 0
  );
}

/** The only pixel format a NAO camera delivers and the runtime's CameraImage holds. */
export const V4L2_PIX_FMT_YUYV = fourcc('YUYV');

/** Control ids (linux/v4l2-controls.h): the user class at 0x980900, the camera class at 0x9a0900. */
export const V4L2_CID = {
  BRIGHTNESS: 0x980900,
  CONTRAST: 0x980901,
  SATURATION: 0x980902,
  HUE: 0x980903,
  AUTO_WHITE_BALANCE: 0x98090c,
  AUTOGAIN: 0x980912,
  GAIN: 0x980913,
  HUE_AUTO: 0x980919,
  SHARPNESS: 0x98091b,
  EXPOSURE_AUTO: 0x9a0901,
  EXPOSURE_ABSOLUTE: 0x9a0902,
  FOCUS_ABSOLUTE: 0x9a090a,
  FOCUS_AUTO: 0x9a090c,
} as const;

/** A zeroed Buffer the size of `type`, with `value` laid out in it. */
export function encodeStruct(type: TypeObject, value: object = {}): Buffer {
  const buffer = Buffer.alloc(koffi.sizeof(type));
  koffi.encode(buffer, type, value);
  return buffer;
}

/** Reads a struct of `type` from `buffer` (fixed arrays come back as arrays, unions as koffi Union objects). */
export function decodeStruct<T>(buffer: Buffer, type: TypeObject): T {
  return koffi.decode(buffer, type) as T;
}

/** A NUL-terminated byte array (driver and control names) as a string. */
export function cString(bytes: ArrayLike<number>): string {
  const list = Array.from(bytes);
  const end = list.indexOf(0);
  return Buffer.from(end < 0 ? list : list.slice(0, end)).toString('utf8');
}
