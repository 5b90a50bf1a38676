/**
 * @file One V4L2 capture device, set up in B-Human's order: open non-blocking, S_FMT YUYV without fields, S_PARM
 * for the frame rate, REQBUFS of three memory-mapped buffers, QUERYBUF and mmap each, queue them all, QUERYCTRL
 * the controls, write the settings, STREAMON, read the settings back. Capturing requeues the previous buffer,
 * polls, and dequeues until the driver has no more, keeping the newest and requeueing the rest, so a slow reader
 * always gets the latest image. All calls block the calling thread: a camera lives in a worker of its own.
 */
import koffi from 'koffi';
import {
  closeDevice,
  EAGAIN,
  ioctl,
  mapShared,
  openDevice,
  pollOne,
  POLLERR,
  POLLHUP,
  POLLIN,
  POLLPRI,
  SystemCallError,
  tryIoctl,
  unmap,
  type Mapping,
} from './libc';
import {
  cString,
  decodeStruct,
  encodeStruct,
  v4l2Buffer,
  v4l2Capability,
  v4l2Control,
  v4l2Format,
  v4l2QueryCtrl,
  v4l2RequestBuffers,
  v4l2StreamParm,
  V4L2_BUF_FLAG_ERROR,
  V4L2_BUF_TYPE_VIDEO_CAPTURE,
  V4L2_CAP_STREAMING,
  V4L2_CAP_VIDEO_CAPTURE,
  V4L2_CTRL_FLAG_DISABLED,
  V4L2_CTRL_FLAG_NEXT_CTRL,
  V4L2_FIELD_NONE,
  V4L2_MEMORY_MMAP,
  V4L2_PIX_FMT_YUYV,
  VIDIOC,
} from './v4l2Structs';

/** Buffers requested from the driver (B-Human uses three). */
const BUFFER_COUNT = 3;

/** What the camera is asked for. */
export interface CameraRequest {
  /** Pixels per row and rows (the driver must give exactly these). */
  width: number;
  height: number;
  /** Frames per second (the time per frame is set to 1/fps). */
  fps: number;
  /** Controls to write after the buffers are queued, by V4L2 control id, in order. */
  controls?: readonly { id: number; value: number }[];
}

/** A control as the driver describes it (VIDIOC_QUERYCTRL). */
export interface ControlInfo {
  id: number;
  name: string;
  /** V4L2_CTRL_TYPE_* (1 integer, 2 boolean, 3 menu, …). */
  type: number;
  minimum: number;
  maximum: number;
  step: number;
  defaultValue: number;
  flags: number;
}

/** A captured image, valid until the next capture (the bytes are the driver's mapped buffer). */
export interface CapturedFrame {
  /** YUYV bytes, width × height × 2. */
  bytes: Uint8Array;
  /** When the driver stamped the buffer (CLOCK_MONOTONIC, µs). */
  timestampUs: number;
  /** The driver's frame counter (gaps mean dropped frames). */
  sequence: number;
  /** Frames the driver had ready that this capture skipped to reach the newest. */
  skipped: number;
}

/** The device went away (unplugged, disconnected): close it and open it again later. */
export class CameraGoneError extends Error {}

function errorIsGone(error: unknown): boolean {
  // ENODEV (unplugged), EIO (USB error), EPIPE (stream broken), ENXIO: the device is unusable until reopened.
  return error instanceof SystemCallError && [19, 5, 32, 6].includes(error.errno);
}

/** An open, streaming camera. */
export class V4L2Camera {
  /** The format, frame rate and driver the device actually gave. */
  readonly driver: string;
  readonly card: string;
  readonly width: number;
  readonly height: number;
  readonly bytesPerLine: number;
  /** Frames per second the driver accepted (from the time per frame read back). */
  readonly fps: number;
  /** Every control the driver offers, by id. */
  readonly controls = new Map<number, ControlInfo>();
  /** Requested controls the device does not offer (ids). */
  readonly missingControls: number[] = [];
  private readonly mappings: Mapping[] = [];
  private readonly buffer = Buffer.alloc(koffi.sizeof(v4l2Buffer));
  /** DQBUF's answer, apart from `buffer`, which requeueing overwrites. */
  private readonly dequeued = Buffer.alloc(koffi.sizeof(v4l2Buffer));
  private previous = -1;
  private streaming = false;
  private closed = false;

  private constructor(
    readonly device: string,
    private readonly fd: number,
    request: CameraRequest,
  ) {
    const caps = decodeStruct<{ driver: number[]; card: number[]; capabilities: number; device_caps: number }>(
      this.call(VIDIOC.QUERYCAP, encodeStruct(v4l2Capability), 'QUERYCAP'),
      v4l2Capability,
    );
    this.driver = cString(caps.driver);
    this.card = cString(caps.card);
    const needed = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
    if ((caps.device_caps & needed) !== needed)
      throw new Error(`${device} (${this.card}) is not a streaming capture device`);

    const format = this.call(
      VIDIOC.S_FMT,
      encodeStruct(v4l2Format, {
        type: V4L2_BUF_TYPE_VIDEO_CAPTURE,
        fmt: {
          pix: {
            width: request.width,
            height: request.height,
            pixelformat: V4L2_PIX_FMT_YUYV,
            field: V4L2_FIELD_NONE,
            sizeimage: request.width * request.height * 2,
          },
        },
      }),
      'S_FMT',
    );
    // The driver answers with what it will deliver: the union's pix member starts at offset 8.
    const [width, height, pixelformat] = [format.readUInt32LE(8), format.readUInt32LE(12), format.readUInt32LE(16)];
    this.bytesPerLine = format.readUInt32LE(24);
    if (pixelformat !== V4L2_PIX_FMT_YUYV)
      throw new Error(`${device} delivers ${fourccText(pixelformat)} instead of YUYV`);
    if (width !== request.width || height !== request.height)
      throw new Error(`${device} delivers ${width}×${height} instead of ${request.width}×${request.height}`);
    if (this.bytesPerLine !== width * 2)
      throw new Error(`${device}: rows of ${this.bytesPerLine} bytes, not ${width * 2}`);
    this.width = width;
    this.height = height;

    const parm = this.call(
      VIDIOC.S_PARM,
      encodeStruct(v4l2StreamParm, {
        type: V4L2_BUF_TYPE_VIDEO_CAPTURE,
        parm: { capture: { timeperframe: { numerator: 1, denominator: request.fps } } },
      }),
      'S_PARM',
    );
    // timeperframe sits after capability and capturemode in the union that starts at offset 4.
    const [num, den] = [parm.readUInt32LE(12), parm.readUInt32LE(16)];
    this.fps = num > 0 ? den / num : request.fps;

    const req = this.call(
      VIDIOC.REQBUFS,
      encodeStruct(v4l2RequestBuffers, {
        count: BUFFER_COUNT,
        type: V4L2_BUF_TYPE_VIDEO_CAPTURE,
        memory: V4L2_MEMORY_MMAP,
      }),
      'REQBUFS',
    );
    const count = req.readUInt32LE(0);
    if (count < 2) throw new Error(`${device} gave ${count} buffer(s); streaming needs at least 2`);
    for (let index = 0; index < count; index++) {
      const info = this.call(VIDIOC.QUERYBUF, this.bufferRequest(index), 'QUERYBUF');
      const offset = info.readUInt32LE(koffi.offsetof(v4l2Buffer, 'm'));
      const length = info.readUInt32LE(koffi.offsetof(v4l2Buffer, 'length'));
      if (length < width * height * 2) throw new Error(`${device}: buffer ${index} has ${length} bytes, too few`);
      this.mappings.push(mapShared(fd, length, offset));
      this.call(VIDIOC.QBUF, this.bufferRequest(index), 'QBUF');
    }

    this.queryControls();
    // A setting the device does not offer is left out and listed (B-Human's NAO cameras offer all of them).
    for (const { id, value } of request.controls ?? []) {
      if (this.controls.has(id)) this.setControl(id, value);
      else this.missingControls.push(id);
    }
    const type = Buffer.alloc(4);
    type.writeUInt32LE(V4L2_BUF_TYPE_VIDEO_CAPTURE);
    this.call(VIDIOC.STREAMON, type, 'STREAMON');
    this.streaming = true;
  }

  /** Opens and starts `device`; throws with the kernel's reason when it cannot. */
  static open(device: string, request: CameraRequest): V4L2Camera {
    const fd = openDevice(device);
    try {
      return new V4L2Camera(device, fd, request);
    } catch (error) {
      closeDevice(fd);
      throw error;
    }
  }

  private call(request: number, arg: Buffer, name: string): Buffer {
    ioctl(this.fd, request, arg, `${this.device}: VIDIOC_${name}`);
    return arg;
  }

  private bufferRequest(index: number): Buffer {
    const b = this.buffer;
    b.fill(0);
    b.writeUInt32LE(index, 0);
    b.writeUInt32LE(V4L2_BUF_TYPE_VIDEO_CAPTURE, 4);
    b.writeUInt32LE(V4L2_MEMORY_MMAP, koffi.offsetof(v4l2Buffer, 'memory'));
    return b;
  }

  private queryControls(): void {
    const query = Buffer.alloc(koffi.sizeof(v4l2QueryCtrl));
    let id = 0;
    for (let guard = 0; guard < 4096; guard++) {
      query.fill(0);
      query.writeUInt32LE((id | V4L2_CTRL_FLAG_NEXT_CTRL) >>> 0, 0);
      if (tryIoctl(this.fd, VIDIOC.QUERYCTRL, query) !== 0) return;
      const c = decodeStruct<{
        id: number;
        type: number;
        name: number[];
        minimum: number;
        maximum: number;
        step: number;
        default_value: number;
        flags: number;
      }>(query, v4l2QueryCtrl);
      id = c.id;
      this.controls.set(c.id, {
        id: c.id,
        name: cString(c.name),
        type: c.type,
        minimum: c.minimum,
        maximum: c.maximum,
        step: c.step,
        defaultValue: c.default_value,
        flags: c.flags,
      });
    }
  }

  /**
   * Writes a control, clamped to the driver's range (B-Human intersects its bounds with the driver's); returns
   * the value written. Throws for a control the device does not offer or has disabled.
   */
  setControl(id: number, value: number): number {
    const info = this.controls.get(id);
    if (!info) throw new Error(`${this.device} has no control 0x${id.toString(16)}`);
    if (info.flags & V4L2_CTRL_FLAG_DISABLED) throw new Error(`${this.device}: control '${info.name}' is disabled`);
    const clamped = Math.min(info.maximum, Math.max(info.minimum, Math.round(value)));
    this.call(VIDIOC.S_CTRL, encodeStruct(v4l2Control, { id, value: clamped }), `S_CTRL '${info.name}'`);
    return clamped;
  }

  /** Reads a control's current value. */
  getControl(id: number): number {
    return this.call(VIDIOC.G_CTRL, encodeStruct(v4l2Control, { id }), 'G_CTRL').readInt32LE(4);
  }

  /**
   * Waits up to `timeoutMs` for an image; returns the newest, or undefined on timeout. Throws CameraGoneError
   * when the device went away.
   */
  capture(timeoutMs: number): CapturedFrame | undefined {
    if (this.closed) throw new CameraGoneError(`${this.device} is closed`);
    try {
      if (this.previous >= 0) {
        this.call(VIDIOC.QBUF, this.bufferRequest(this.previous), 'QBUF');
        this.previous = -1;
      }
      const events = pollOne(this.fd, POLLIN | POLLPRI, timeoutMs);
      if (events & (POLLERR | POLLHUP) && !(events & POLLIN))
        throw new CameraGoneError(`${this.device}: the device reports an error (poll 0x${events.toString(16)})`);
      if (!(events & POLLIN)) return undefined;
      let newest = -1;
      let skipped = 0;
      let timestampUs = 0;
      let sequence = 0;
      for (;;) {
        const b = this.dequeued;
        b.fill(0);
        b.writeUInt32LE(V4L2_BUF_TYPE_VIDEO_CAPTURE, 4);
        b.writeUInt32LE(V4L2_MEMORY_MMAP, koffi.offsetof(v4l2Buffer, 'memory'));
        const errno = tryIoctl(this.fd, VIDIOC.DQBUF, b);
        if (errno === EAGAIN) break;
        if (errno !== 0) throw new SystemCallError(`${this.device}: VIDIOC_DQBUF`, errno);
        const index = b.readUInt32LE(0);
        const flags = b.readUInt32LE(12);
        if (newest >= 0) {
          this.call(VIDIOC.QBUF, this.bufferRequest(newest), 'QBUF');
          skipped++;
        }
        if (flags & V4L2_BUF_FLAG_ERROR) {
          // A damaged image is dropped, its buffer goes straight back.
          this.call(VIDIOC.QBUF, this.bufferRequest(index), 'QBUF');
          newest = -1;
          continue;
        }
        newest = index;
        timestampUs = Number(b.readBigInt64LE(24)) * 1e6 + Number(b.readBigInt64LE(32));
        sequence = b.readUInt32LE(56);
      }
      if (newest < 0) return undefined;
      this.previous = newest;
      return {
        bytes: this.mappings[newest]!.bytes.subarray(0, this.width * this.height * 2),
        timestampUs,
        sequence,
        skipped,
      };
    } catch (error) {
      if (errorIsGone(error) || error instanceof CameraGoneError)
        throw new CameraGoneError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Stops and restarts the stream with the same buffers (B-Human's first remedy for a camera without images). */
  restartStream(): void {
    const type = Buffer.alloc(4);
    type.writeUInt32LE(V4L2_BUF_TYPE_VIDEO_CAPTURE);
    this.call(VIDIOC.STREAMOFF, type, 'STREAMOFF');
    this.previous = -1;
    for (let index = 0; index < this.mappings.length; index++)
      this.call(VIDIOC.QBUF, this.bufferRequest(index), 'QBUF');
    this.call(VIDIOC.STREAMON, type, 'STREAMON');
  }

  /** Stops streaming, unmaps and closes (safe to call twice, and on a device that is gone). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.streaming) {
      const type = Buffer.alloc(4);
      type.writeUInt32LE(V4L2_BUF_TYPE_VIDEO_CAPTURE);
      tryIoctl(this.fd, VIDIOC.STREAMOFF, type);
    }
    for (const m of this.mappings.splice(0)) unmap(m);
    closeDevice(this.fd);
  }
}

function fourccText(code: number): string {
  return String.fromCharCode(code & 0xff, (code >> 8) & 0xff, (code >> 16) & 0xff, (code >>> 24) & 0xff);
}
