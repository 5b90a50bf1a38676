/**
 * @file The synthesized whistle evaluation set: background noise of a RoboCup hall (app/simulator/audio/noise.ts)
 * cut into segments of 5–15 s, each a mix of one to three kinds at a level between 0.005 and 0.05 RMS, with
 * referee whistles (whistleSound.ts) added at a given signal-to-noise ratio, and long stretches of noise alone.
 * Noise is first synthesized into a bank (a few seconds per kind and seed) and the segments are excerpts of it at
 * random offsets, because synthesizing a crowd sample by sample for half an hour would take minutes. SNR is the
 * whistle's mean power over the noise's mean power during the whistle, in dB, over the whole band.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { NOISE_KINDS, noiseSource, type NoiseKind } from '@app/simulator/audio/noise';
import {
  AUDIO_SAMPLE_RATE,
  randomWhistleShape,
  rms,
  synthesizeWhistle,
  type WhistleShape,
} from '@app/simulator/audio/whistleSound';

const SR = AUDIO_SAMPLE_RATE;

/** Synthesized noise to cut segments from: a few recordings per kind. */
export type NoiseBank = Record<NoiseKind, Float32Array[]>;

/** A whistle inside a stream. */
export interface PlacedWhistle {
  /** Start and end (s from the stream's start). */
  start: number;
  end: number;
  /** Its signal-to-noise ratio (dB). */
  snr: number;
  shape: WhistleShape;
}

/** A stream of audio (one channel at 48 kHz) with the whistles in it. */
export interface LabeledStream {
  samples: Float32Array;
  whistles: PlacedWhistle[];
}

/** Synthesizes `perKind` recordings of `seconds` for every kind of noise. */
export function noiseBank(seed: number, seconds: number, perKind = 2): NoiseBank {
  const bank = {} as NoiseBank;
  NOISE_KINDS.forEach((kind, k) => {
    bank[kind] = Array.from({ length: perKind }, (_, i) => {
      const source = noiseSource(kind, new SeededRandom(seed * 7919 + k * 101 + i));
      const out = new Float32Array(Math.round(seconds * SR));
      for (let j = 0; j < out.length; j++) out[j] = source.next();
      return out;
    });
  });
  return bank;
}

/** Writes `length` samples of noise into `out` from `at`: random excerpts of one to three kinds, mixed. */
function writeSegment(bank: NoiseBank, random: SeededRandom, out: Float32Array, at: number, length: number): void {
  const kinds = NOISE_KINDS.filter(() => random.next() < 0.5);
  if (kinds.length === 0) kinds.push(NOISE_KINDS[Math.floor(random.next() * NOISE_KINDS.length)]!);
  const mix = new Float32Array(length);
  for (const kind of kinds.slice(0, 3)) {
    const recordings = bank[kind];
    const recording = recordings[Math.floor(random.next() * recordings.length)]!;
    const gain = 0.3 + random.next();
    let offset = Math.floor(random.next() * recording.length);
    for (let i = 0; i < length; i++) {
      mix[i] = mix[i]! + gain * recording[offset]!;
      if (++offset >= recording.length) offset = 0;
    }
  }
  const level = (0.005 * 10 ** random.next()) / (rms(mix) || 1);
  // 50 ms fades in and out, so segments join without clicks.
  const fade = Math.min(length / 2, 0.05 * SR);
  for (let i = 0; i < length; i++) {
    const ramp = Math.min(1, (i + 1) / fade, (length - i) / fade);
    out[at + i] = out[at + i]! + mix[i]! * level * ramp;
  }
}

/** `seconds` of noise in segments of 5–15 s that overlap by their fades. */
export function noiseStream(bank: NoiseBank, random: SeededRandom, seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * SR));
  const fade = Math.round(0.05 * SR);
  for (let at = 0; at < out.length;) {
    const length = Math.min(out.length - at, Math.round((5 + 10 * random.next()) * SR));
    writeSegment(bank, random, out, at, length);
    at += Math.max(fade, length - fade);
  }
  return out;
}

/** Adds `whistle` (RMS 1) into `out` at sample `at` so that it stands `snr` dB above the noise under it. */
export function mixAtSnr(out: Float32Array, whistle: Float32Array, at: number, snr: number): void {
  const noise = rms(out, at, Math.min(out.length, at + whistle.length));
  const gain = noise * 10 ** (snr / 20);
  for (let i = 0; i < whistle.length && at + i < out.length; i++) out[at + i] = out[at + i]! + gain * whistle[i]!;
}

/**
 * `count` whistles at `snr` dB in noise: each after 3–5 s of noise (enough for the detector's 2 s lockout after the
 * previous one and for its threshold to settle), the stream ending 2 s after the last.
 */
export function whistleStream(bank: NoiseBank, random: SeededRandom, snr: number, count: number): LabeledStream {
  const shapes = Array.from({ length: count }, () => randomWhistleShape(random));
  const gaps = shapes.map(() => 3 + 2 * random.next());
  const seconds = shapes.reduce((s, shape, i) => s + gaps[i]! + shape.duration, 0) + 2;
  const samples = noiseStream(bank, random, seconds);
  const whistles: PlacedWhistle[] = [];
  let t = 0;
  shapes.forEach((shape, i) => {
    t += gaps[i]!;
    mixAtSnr(samples, synthesizeWhistle(shape, random), Math.round(t * SR), snr);
    whistles.push({ start: t, end: t + shape.duration, snr, shape });
    t += shape.duration;
  });
  return { samples, whistles };
}
