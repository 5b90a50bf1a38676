/**
 * @file A synthesized referee whistle. A pea whistle sounds at one fundamental (2.5–4 kHz) whose pea, spinning in
 * the chamber, chops the air stream some 20–45 times a second: the trill, a deep amplitude modulation with a small
 * frequency wobble in step. The tone has overtones at two and three times the fundamental, a breathy noise around
 * it, a short attack and release, and the pitch drifts a little as the referee's breath rises or falls. Every
 * choice is drawn from the given random stream, so a seed gives the same whistle.
 */
import type { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { Biquad } from './biquad';

/** The sample rate of every synthesized sound (the NAO's microphones run at 48 kHz). */
export const AUDIO_SAMPLE_RATE = 48000;

/** What a synthesized whistle is made of. */
export interface WhistleShape {
  /** Fundamental (Hz). */
  fundamental: number;
  /** Length (s). */
  duration: number;
  /** Trill (pea) rate (Hz). */
  trillRate: number;
  /** Share of the amplitude the trill takes away at its deepest (0..1). */
  trillDepth: number;
  /** Frequency wobble of the trill, as a share of the fundamental. */
  trillWobble: number;
  /** Pitch drift over the whole whistle, as a share of the fundamental (negative: falling). */
  drift: number;
  /** Amplitudes of the 2nd and 3rd harmonics relative to the fundamental. */
  overtones: [number, number];
  /** Breath noise RMS relative to the tone's. */
  breath: number;
}

/** Uniform in [lo, hi). */
const uniform = (random: SeededRandom, lo: number, hi: number): number => lo + (hi - lo) * random.next();

/** A random whistle shape: fundamental 2.5–4 kHz, 0.3–1.5 s, with the trill and overtones of a pea whistle. */
export function randomWhistleShape(random: SeededRandom): WhistleShape {
  return {
    fundamental: uniform(random, 2500, 4000),
    duration: uniform(random, 0.3, 1.5),
    trillRate: uniform(random, 20, 45),
    trillDepth: uniform(random, 0.3, 0.9),
    trillWobble: uniform(random, 0.005, 0.03),
    drift: uniform(random, -0.04, 0.04),
    overtones: [uniform(random, 0.15, 0.5), uniform(random, 0.03, 0.2)],
    breath: uniform(random, 0.03, 0.15),
  };
}

/** The whistle of `shape` at AUDIO_SAMPLE_RATE, scaled to an RMS of 1 over its length. */
export function synthesizeWhistle(shape: WhistleShape, random: SeededRandom): Float32Array {
  const n = Math.round(shape.duration * AUDIO_SAMPLE_RATE);
  const out = new Float32Array(n);
  const attack = uniform(random, 0.01, 0.04) * AUDIO_SAMPLE_RATE;
  const release = uniform(random, 0.02, 0.08) * AUDIO_SAMPLE_RATE;
  const trillPhase0 = random.next() * 2 * Math.PI;
  const breathFilter = Biquad.bandPass(shape.fundamental, 4, AUDIO_SAMPLE_RATE);
  let phase = random.next() * 2 * Math.PI;
  for (let i = 0; i < n; i++) {
    const t = i / AUDIO_SAMPLE_RATE;
    const trill = Math.sin(2 * Math.PI * shape.trillRate * t + trillPhase0);
    const frequency = shape.fundamental * (1 + shape.drift * (i / n) + shape.trillWobble * trill);
    phase += (2 * Math.PI * frequency) / AUDIO_SAMPLE_RATE;
    const tone =
      Math.sin(phase) + shape.overtones[0] * Math.sin(2 * phase + 0.7) + shape.overtones[1] * Math.sin(3 * phase + 1.9);
    const envelope = Math.min(1, i / attack, (n - 1 - i) / release);
    const chop = 1 - shape.trillDepth * 0.5 * (1 + trill);
    const breath = breathFilter.step(random.gaussian()) * shape.breath * 6;
    out[i] = (tone * chop + breath) * Math.max(0, envelope);
  }
  return normalizeRms(out);
}

/** Scales `samples` in place to an RMS of 1 (left alone when silent); returns them. */
export function normalizeRms(samples: Float32Array): Float32Array {
  const r = rms(samples);
  if (r > 0) for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! / r;
  return samples;
}

/** Root mean square of `samples[from, to)`. */
export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return to > from ? Math.sqrt(sum / (to - from)) : 0;
}
