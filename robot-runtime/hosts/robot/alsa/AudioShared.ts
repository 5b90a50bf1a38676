/**
 * @file The memory a microphone's capture worker shares with the Audio thread: a ring of interleaved float
 * samples (one second at 48 kHz in up to 4 channels) behind a count of frames written. The Audio thread takes
 * everything written since its last frame (at most the ring's length: a thread that fell behind further loses
 * the oldest samples, as a NAO's audio device would overrun).
 */

/** Frames the ring holds. */
export const RING_FRAMES = 48000;
/** Most channels (a NAO V6's four microphones). */
export const MAX_CHANNELS = 4;

const WRITTEN = 0;
const CHANNELS = 1;
const RATE = 2;
const CONTROL_WORDS = 4;

/** Views on the shared buffer; construct one on each side from the same buffer. */
export class AudioShared {
  private readonly control: Int32Array;
  private readonly ring: Float32Array;

  constructor(
    readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(CONTROL_WORDS * 4 + RING_FRAMES * MAX_CHANNELS * 4),
  ) {
    this.control = new Int32Array(buffer, 0, CONTROL_WORDS);
    this.ring = new Float32Array(buffer, CONTROL_WORDS * 4, RING_FRAMES * MAX_CHANNELS);
  }

  /** The capture worker: appends a block of interleaved samples. */
  write(channels: number, rate: number, samples: Float32Array): void {
    if (channels < 1 || channels > MAX_CHANNELS) throw new Error(`${channels} channels (at most ${MAX_CHANNELS})`);
    Atomics.store(this.control, CHANNELS, channels);
    Atomics.store(this.control, RATE, rate);
    const frames = Math.floor(samples.length / channels);
    let written = Atomics.load(this.control, WRITTEN);
    for (let f = 0; f < frames; f++, written++) {
      const at = (written % RING_FRAMES) * channels;
      for (let c = 0; c < channels; c++) this.ring[at + c] = samples[f * channels + c]!;
    }
    // The counter wraps at 2^31 frames (12 hours at 48 kHz); readers compare differences only.
    Atomics.store(this.control, WRITTEN, written | 0);
    Atomics.notify(this.control, WRITTEN);
  }

  /** Frames written so far (wrapping). */
  get written(): number {
    return Atomics.load(this.control, WRITTEN);
  }

  /** The Audio thread: blocks until frames beyond `seen` exist or `timeoutMs` passes; returns the count. */
  waitForSamples(seen: number, timeoutMs: number): number {
    Atomics.wait(this.control, WRITTEN, seen, timeoutMs);
    return this.written;
  }

  /** The frames written between `from` and `to` (at most the ring's length, the newest), interleaved. */
  read(from: number, to: number): { channels: number; rate: number; samples: number[] } {
    const channels = Atomics.load(this.control, CHANNELS);
    const rate = Atomics.load(this.control, RATE);
    const count = Math.min(RING_FRAMES, (to - from) | 0);
    const samples: number[] = new Array(Math.max(0, count) * channels);
    for (let f = 0; f < count; f++) {
      const at = (((to - count + f) % RING_FRAMES) + RING_FRAMES) % RING_FRAMES;
      for (let c = 0; c < channels; c++) samples[f * channels + c] = this.ring[at * channels + c]!;
    }
    return { channels, rate, samples };
  }
}
