/**
 * @file The Audio thread's host with a microphone: each frame waits for the next samples (the microphone paces
 * the thread, as LoLA paces Motion) and injects everything captured since the previous frame as AudioData.
 */
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import { AudioShared } from './AudioShared';

/** Longest wait for samples before the frame runs without (ms). */
const WAIT_SLICE_MS = 100;

/** Produces the Audio thread's AudioData from the shared ring. */
export class MicrophoneHost {
  private readonly shared: AudioShared;
  private seen: number;

  constructor(buffer: SharedArrayBuffer) {
    this.shared = new AudioShared(buffer);
    this.seen = this.shared.written;
  }

  /** One frame: the samples since the previous one (none when nothing came in time). */
  frame(timeMs: number): InjectedData {
    const written = this.shared.waitForSamples(this.seen, WAIT_SLICE_MS);
    const values: Record<string, unknown> = { FrameInfo: { time: Math.round(timeMs) } };
    if (written !== this.seen) {
      const { channels, rate, samples } = this.shared.read(this.seen, written);
      this.seen = written;
      values.AudioData = { channels, sampleRate: rate, samples };
    }
    return { get: (name) => values[name] };
  }
}
