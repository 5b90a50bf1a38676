/**
 * @file Keeps one camera delivering, with B-Human's timings: right after (re)opening, a capture may wait up to
 * 1000 ms; later 100 ms. A camera silent for more than 100 ms (after the first 2500 ms) gets its stream restarted
 * once, which starts the 2500 ms of grace again; silent for more than 2000 ms, or gone (unplugged, disconnected), it is closed and opened again every
 * 500 ms until it answers. Every change is reported once, so the robot says what happened and never crashes.
 */
import { monotonicMicroseconds } from './libc';
import { CameraGoneError, V4L2Camera, type CameraRequest, type CapturedFrame } from './V4L2Camera';

/** B-Human's camera provider timings (ms). */
export const CAMERA_TIMING = {
  /** Longest wait for an image within `startupMs` of (re)opening, and afterwards. */
  maxWaitForImageMs: 1000,
  minWaitForImageMs: 100,
  startupMs: 2500,
  /** Silence after which the device is closed and opened again. */
  resetDelayMs: 2000,
  /** Pause between attempts to open a device that is not there. */
  reopenIntervalMs: 500,
} as const;

/** What the supervisor reports. */
export type CameraEvent =
  | { kind: 'opened'; device: string; driver: string; card: string; width: number; height: number; fps: number }
  | {
      kind: 'controls';
      device: string;
      written: Record<string, number>;
      readBack: Record<string, number>;
      /** Requested controls the device does not offer (hexadecimal ids). */
      missing: string[];
    }
  | { kind: 'timeout'; device: string; silentMs: number }
  | { kind: 'streamRestarted'; device: string }
  | { kind: 'lost'; device: string; reason: string }
  | { kind: 'openFailed'; device: string; reason: string }
  | { kind: 'reopened'; device: string; afterMs: number };

/** Opens, captures, restarts and reopens one device. */
export class CameraSupervisor {
  private camera: V4L2Camera | undefined;
  private openedAtMs = 0;
  private lastImageMs = 0;
  private restarted = false;
  private timedOut = false;
  private lostAtMs: number | undefined;
  private nextOpenMs = 0;
  private openFailure = '';
  /** Images delivered, and times the device was opened. */
  images = 0;
  opens = 0;

  constructor(
    readonly device: string,
    private readonly request: CameraRequest,
    private readonly report: (event: CameraEvent) => void,
    private readonly nowMs: () => number = () => monotonicMicroseconds() / 1000,
    private readonly sleep: (ms: number) => void = sleepSync,
  ) {}

  /** The open camera, if any (for reading controls). */
  get current(): V4L2Camera | undefined {
    return this.camera;
  }

  /** One step: an image when one came, else undefined (after waiting at most about a second). */
  step(): CapturedFrame | undefined {
    const now = this.nowMs();
    if (!this.camera) {
      if (now < this.nextOpenMs) this.sleep(this.nextOpenMs - now);
      this.open();
      if (!this.camera) return undefined;
    }
    const camera = this.camera!;
    const sinceOpen = this.nowMs() - this.openedAtMs;
    const wait =
      sinceOpen < CAMERA_TIMING.startupMs ? CAMERA_TIMING.maxWaitForImageMs : CAMERA_TIMING.minWaitForImageMs;
    let frame: CapturedFrame | undefined;
    try {
      frame = camera.capture(wait);
    } catch (error) {
      if (!(error instanceof CameraGoneError)) throw error;
      this.drop(error.message);
      return undefined;
    }
    const after = this.nowMs();
    if (frame) {
      this.images++;
      this.lastImageMs = after;
      this.restarted = false;
      this.timedOut = false;
      return frame;
    }
    const silent = after - this.lastImageMs;
    if (after - this.openedAtMs < CAMERA_TIMING.startupMs) return undefined;
    if (!this.timedOut) {
      this.timedOut = true;
      this.report({ kind: 'timeout', device: this.device, silentMs: Math.round(silent) });
    }
    if (silent > CAMERA_TIMING.resetDelayMs) this.drop(`no image for ${Math.round(silent)} ms`);
    else if (silent > CAMERA_TIMING.minWaitForImageMs && !this.restarted) {
      this.restarted = true;
      try {
        camera.restartStream();
        // A restarted stream gets the start-up grace again (B-Human: 1000 ms waits within 2500 ms of a (re)start);
        // judging it after 100 ms would restart a slow device after every image.
        this.openedAtMs = after;
        this.report({ kind: 'streamRestarted', device: this.device });
      } catch (error) {
        this.drop(`stream restart failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return undefined;
  }

  /** Closes the device for good. */
  close(): void {
    this.camera?.close();
    this.camera = undefined;
  }

  private open(): void {
    try {
      const camera = V4L2Camera.open(this.device, this.request);
      this.camera = camera;
      this.opens++;
      this.openedAtMs = this.lastImageMs = this.nowMs();
      this.restarted = this.timedOut = false;
      this.openFailure = '';
      this.report({
        kind: 'opened',
        device: this.device,
        driver: camera.driver,
        card: camera.card,
        width: camera.width,
        height: camera.height,
        fps: camera.fps,
      });
      this.reportControls(camera);
      if (this.lostAtMs !== undefined) {
        this.report({ kind: 'reopened', device: this.device, afterMs: Math.round(this.openedAtMs - this.lostAtMs) });
        this.lostAtMs = undefined;
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A device that stays away is reported once per kind of failure, not every half second.
      if (reason !== this.openFailure) this.report({ kind: 'openFailed', device: this.device, reason });
      this.openFailure = reason;
      this.lostAtMs ??= this.nowMs();
      this.nextOpenMs = this.nowMs() + CAMERA_TIMING.reopenIntervalMs;
    }
  }

  private reportControls(camera: V4L2Camera): void {
    const written: Record<string, number> = {};
    const readBack: Record<string, number> = {};
    for (const { id, value } of this.request.controls ?? []) {
      if (!camera.controls.has(id)) continue;
      const name = camera.controls.get(id)?.name ?? `0x${id.toString(16)}`;
      written[name] = value;
      readBack[name] = camera.getControl(id);
    }
    const missing = camera.missingControls.map((id) => `0x${id.toString(16)}`);
    if (this.request.controls?.length)
      this.report({ kind: 'controls', device: this.device, written, readBack, missing });
  }

  private drop(reason: string): void {
    this.report({ kind: 'lost', device: this.device, reason });
    this.camera?.close();
    this.camera = undefined;
    this.lostAtMs = this.nowMs();
    this.nextOpenMs = this.nowMs() + CAMERA_TIMING.reopenIntervalMs;
  }
}

/** Blocks the thread (a capture worker has nothing else to do meanwhile). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ms));
}
