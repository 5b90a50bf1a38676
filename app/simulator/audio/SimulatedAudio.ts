/**
 * @file What the simulated robots' microphones hear: the hall's background noise and the referee's whistles. The
 * referee stands at the centre of the side line (field coordinates (0, −width/2)); a whistle reaches a robot
 * delayed by the distance over the speed of sound and attenuated as a spherical wave (1/r, −6 dB per doubling of
 * distance) from its level at 1 m. The noise (pink room noise and, 10 dB below it, robots' motors, synthesized
 * once per simulation into a loop as the simulation first needs it) is the same hall for every robot, each robot
 * hearing it from its own offset. Each robot gets the samples since its previous Audio frame (2048 per frame at
 * 48 kHz), both channels alike.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import type { Vec2 } from '@robot-runtime/math/types';
import { noiseSource, type NoiseSource } from './noise';
import { AUDIO_SAMPLE_RATE, randomWhistleShape, synthesizeWhistle } from './whistleSound';

/** Speed of sound in air at 20 °C (mm/s). */
const SPEED_OF_SOUND = 343_000;
/** Length of the background-noise loop (samples): 4 s. */
const LOOP = 4 * AUDIO_SAMPLE_RATE;
/** Most frames handed out in one Audio frame (a robot that skipped frames gets the newest ones). */
const MAX_FRAMES = 4 * 2048;
/** The robots' motors relative to the hall's noise (−10 dB: fans and servos are quieter than a hall). */
const MOTORS_LEVEL = 0.3;
/** Channels of the simulated microphones (a NAO's back-left and back-right ones). */
export const SIMULATED_CHANNELS = 2;

/** Why the referee whistled. */
export type WhistleReason = 'kickOff' | 'goal';

/** Levels of the simulated sound. */
export interface HearingOptions {
  /** RMS of the background noise (full scale 1). */
  noiseLevel: number;
  /** RMS of a whistle at 1 m from the referee. */
  whistleLevel: number;
  /** Length (s) of the whistles the referee blows. */
  whistleDuration: number;
}

/** Defaults: noise at 0.01 RMS; a 0.5 s whistle at 0.3 RMS at 1 m (12 dB above the noise at 7.5 m). */
export const DEFAULT_HEARING: HearingOptions = { noiseLevel: 0.01, whistleLevel: 0.3, whistleDuration: 0.5 };

/** A whistle blown. */
export interface BlownWhistle {
  /** Simulated time (ms) at which it began. */
  time: number;
  reason: WhistleReason;
  samples: Float32Array;
}

/** The sound of one simulation. */
export class SimulatedAudio {
  /** Whistles blown, oldest first (only the recent ones are kept). */
  readonly whistles: BlownWhistle[] = [];
  private readonly loop = new Float32Array(LOOP);
  private generated = 0;
  /** Made when first needed: their construction measures a second of noise. */
  private sources: NoiseSource[] | undefined;
  private readonly random: SeededRandom;
  private readonly cursors = new Map<string, number>();
  private readonly referee: Vec2;
  private readonly options: HearingOptions;

  constructor(
    private readonly seed: number,
    fieldWidth: number,
    options: Partial<HearingOptions> = {},
  ) {
    this.random = new SeededRandom(seed * 31 + 17);
    this.referee = { x: 0, y: -fieldWidth / 2 };
    this.options = { ...DEFAULT_HEARING, ...options };
  }

  /** The referee blows the whistle at `time` (ms). */
  blow(time: number, reason: WhistleReason): void {
    const shape = { ...randomWhistleShape(this.random), duration: this.options.whistleDuration };
    this.whistles.push({ time, reason, samples: synthesizeWhistle(shape, this.random) });
    if (this.whistles.length > 4) this.whistles.shift();
  }

  /**
   * The samples robot `name` (the `index`th, for its noise offset) standing at `position` (field mm) heard since
   * its previous call, up to `time` (ms): AudioData's fields, two channels interleaved.
   */
  hear(
    name: string,
    index: number,
    position: Vec2,
    time: number,
  ): { channels: number; sampleRate: number; samples: number[] } {
    const to = Math.floor((time * AUDIO_SAMPLE_RATE) / 1000);
    const from = Math.max(0, this.cursors.get(name) ?? to - 2048, to - MAX_FRAMES);
    this.cursors.set(name, to);
    const n = Math.max(0, to - from);
    const samples = new Array<number>(n * SIMULATED_CHANNELS);
    const offset = (index * 17_711) % LOOP;
    this.generateUntil(Math.min(LOOP, from + offset + n));
    const distance = Math.max(1000, Math.hypot(position.x - this.referee.x, position.y - this.referee.y));
    const gain = (this.options.whistleLevel * 1000) / distance;
    const delay = Math.round((distance / SPEED_OF_SOUND) * AUDIO_SAMPLE_RATE);
    // Only the whistles sounding in this block, each with the index of its sample that the block's first one hears
    // (added in the order blown, so the sums are those of a sample-by-sample check of every whistle).
    const sounding: { first: number; samples: Float32Array }[] = [];
    for (const w of this.whistles) {
      const first = from - delay - Math.round((w.time * AUDIO_SAMPLE_RATE) / 1000);
      if (first < w.samples.length && first + n > 0) sounding.push({ first, samples: w.samples });
    }
    const level = this.options.noiseLevel;
    for (let i = 0; i < n; i++) {
      let s = this.loop[(from + offset + i) % LOOP]! * level;
      for (let j = 0; j < sounding.length; j++) {
        const { first, samples: whistle } = sounding[j]!;
        const k = first + i;
        if (k >= 0 && k < whistle.length) s += gain * whistle[k]!;
      }
      for (let c = 0; c < SIMULATED_CHANNELS; c++) samples[i * SIMULATED_CHANNELS + c] = s;
    }
    return { channels: SIMULATED_CHANNELS, sampleRate: AUDIO_SAMPLE_RATE, samples };
  }

  /** Synthesizes the noise loop up to sample `end` (the loop is made once, as far as it has been needed). */
  private generateUntil(end: number): void {
    if (this.generated >= end) return;
    if (!this.sources) {
      const noise = new SeededRandom(this.seed);
      this.sources = [noiseSource('pink', noise), noiseSource('motors', noise)];
    }
    const [hall, motors] = this.sources as [NoiseSource, NoiseSource];
    for (; this.generated < end; this.generated++) {
      this.loop[this.generated] = (hall.next() + MOTORS_LEVEL * motors.next()) / Math.hypot(1, MOTORS_LEVEL);
    }
  }
}
