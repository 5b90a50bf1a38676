/**
 * @file Synthesized background noise of a RoboCup hall, sample by sample from a seeded random stream: white and
 * pink noise (microphone and room), wind (rumbling low-passed noise in gusts), robots' motors and fans (a fan's
 * blade tone with harmonics over broadband hiss, servo whine that follows the gait, gear clicks at each step) and
 * a crowd (a babble of voices: pulse trains through vowel formants, talking in spurts of syllables, over a
 * cheering hiss). Each source is scaled at construction to an RMS of about 1, measured over a warm-up second.
 */
import type { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { Biquad } from './biquad';
import { AUDIO_SAMPLE_RATE } from './whistleSound';

/** A stream of noise samples. */
export interface NoiseSource {
  /** The next sample. */
  next(): number;
}

/** The kinds of noise. */
export const NOISE_KINDS = ['white', 'pink', 'wind', 'motors', 'crowd'] as const;
/** A kind of noise. */
export type NoiseKind = (typeof NOISE_KINDS)[number];

const SR = AUDIO_SAMPLE_RATE;
const uniform = (random: SeededRandom, lo: number, hi: number): number => lo + (hi - lo) * random.next();

class White implements NoiseSource {
  constructor(private readonly random: SeededRandom) {}
  next(): number {
    return this.random.gaussian();
  }
}

/** Pink (1/f) noise: white noise through a sum of one-pole low-passes spaced by octaves. */
class Pink implements NoiseSource {
  private readonly poles = [0.99886, 0.99332, 0.969, 0.8665, 0.55, -0.7616];
  private readonly gains = [0.0555179, 0.0750759, 0.153852, 0.3104856, 0.5329522, -0.016898];
  private readonly state = [0, 0, 0, 0, 0, 0];
  constructor(private readonly random: SeededRandom) {}
  next(): number {
    const white = this.random.gaussian();
    let sum = white * 0.5362;
    for (let k = 0; k < 6; k++) {
      this.state[k] = this.poles[k]! * this.state[k]! + white * this.gains[k]!;
      sum += this.state[k]!;
    }
    return sum;
  }
}

/** Wind on a microphone: rumbling low frequencies in gusts that come and go within seconds. */
class Wind implements NoiseSource {
  private readonly rumble: Biquad;
  private readonly hiss = Biquad.lowPass(1500, 0.707, SR);
  private readonly gust: Biquad;
  constructor(private readonly random: SeededRandom) {
    this.rumble = Biquad.lowPass(uniform(random, 150, 400), 0.707, SR);
    this.gust = Biquad.lowPass(uniform(random, 0.2, 1), 0.707, SR);
  }
  next(): number {
    const r = this.random;
    const strength = 0.3 + Math.abs(this.gust.step(r.gaussian() * 400));
    return strength * (this.rumble.step(r.gaussian()) * 4 + this.hiss.step(r.gaussian()) * 0.3);
  }
}

/** A robot's fan, servos and gears while it walks: tones that follow the gait over broadband hiss. */
class Motors implements NoiseSource {
  private readonly blade: number;
  private readonly whine: number;
  private readonly gait: number;
  private readonly walking: boolean;
  private readonly hiss: Biquad;
  private readonly click: Biquad;
  private bladePhase = 0;
  private whinePhase = 0;
  private clickEnergy = 0;
  private t = 0;
  constructor(private readonly random: SeededRandom) {
    this.blade = uniform(random, 150, 400);
    this.whine = uniform(random, 600, 2000);
    this.gait = uniform(random, 1.5, 2.5);
    this.walking = random.next() < 0.7;
    this.hiss = Biquad.lowPass(uniform(random, 1500, 4000), 0.707, SR);
    this.click = Biquad.bandPass(uniform(random, 800, 3000), 3, SR);
  }
  next(): number {
    const r = this.random;
    this.t += 1 / SR;
    this.bladePhase += (2 * Math.PI * this.blade * (1 + 0.002 * r.gaussian())) / SR;
    const fan =
      Math.sin(this.bladePhase) + 0.5 * Math.sin(2 * this.bladePhase) + 0.25 * Math.sin(3 * this.bladePhase + 1);
    let servo = 0;
    let clicks = 0;
    if (this.walking) {
      const step = Math.sin(2 * Math.PI * this.gait * this.t);
      this.whinePhase += (2 * Math.PI * this.whine * (1 + 0.15 * step)) / SR;
      servo = (0.4 + 0.4 * step) * (Math.sin(this.whinePhase) + 0.1 * Math.sin(2 * this.whinePhase));
      if (r.next() < (2 * this.gait) / SR) this.clickEnergy = 1;
      this.clickEnergy *= 0.995;
      clicks = this.click.step(r.gaussian() * this.clickEnergy) * 3;
    }
    return 0.3 * fan + 0.5 * servo + clicks + this.hiss.step(r.gaussian()) * 0.8;
  }
}

/** Vowel formants (F1, F2, F3 in Hz) a voice moves between. */
const VOWELS: readonly [number, number, number][] = [
  [730, 1090, 2440],
  [270, 2290, 3010],
  [530, 1840, 2480],
  [570, 840, 2410],
  [300, 870, 2240],
  [660, 1720, 2410],
  [490, 1350, 1690],
];

/** One talking person: a pulse train at the voice's pitch through the formants of a vowel per syllable. */
class Voice {
  private readonly pitch: number;
  private phase: number;
  private formants: Biquad[] = [];
  private syllableLeft = 0;
  private syllableLength = 1;
  private talkingLeft = 0;
  private pauseLeft: number;
  constructor(private readonly random: SeededRandom) {
    this.pitch = uniform(random, 90, 250);
    this.phase = random.next();
    this.pauseLeft = uniform(random, 0, 1) * SR;
  }
  next(): number {
    const r = this.random;
    if (this.pauseLeft > 0) {
      this.pauseLeft--;
      if (this.pauseLeft <= 0) this.talkingLeft = uniform(r, 0.5, 3) * SR;
      return 0;
    }
    if (--this.talkingLeft <= 0) this.pauseLeft = uniform(r, 0.2, 1.5) * SR;
    if (--this.syllableLeft <= 0) {
      this.syllableLength = this.syllableLeft = Math.round(uniform(r, 0.12, 0.3) * SR);
      const v = VOWELS[Math.floor(r.next() * VOWELS.length)]!;
      this.formants = v.map((f, k) => Biquad.bandPass(f * uniform(r, 0.9, 1.1), 6 + 3 * k, SR));
    }
    this.phase += (this.pitch * (1 + 0.02 * (r.next() - 0.5))) / SR;
    if (this.phase >= 1) this.phase -= 1;
    const source = 1 - 2 * this.phase + 0.1 * (r.next() - 0.5);
    const shape = Math.sin((Math.PI * this.syllableLeft) / this.syllableLength);
    const [f1, f2, f3] = this.formants as [Biquad, Biquad, Biquad];
    return shape * (f1.step(source) + 0.5 * f2.step(source) + 0.25 * f3.step(source));
  }
}

/** A crowd: a babble of voices over a cheering hiss that swells and fades. */
class Crowd implements NoiseSource {
  private readonly voices: Voice[];
  private readonly cheer: Biquad;
  private readonly swell = Biquad.lowPass(0.3, 0.707, SR);
  constructor(private readonly random: SeededRandom) {
    this.cheer = Biquad.bandPass(uniform(random, 800, 1500), 0.6, SR);
    this.voices = Array.from({ length: 3 + Math.floor(random.next() * 5) }, () => new Voice(random));
  }
  next(): number {
    let sum = 0;
    for (const v of this.voices) sum += v.next();
    const level = 0.2 + Math.abs(this.swell.step(this.random.gaussian() * 300));
    return sum + level * this.cheer.step(this.random.gaussian()) * 2;
  }
}

const CONSTRUCTORS: Record<NoiseKind, new (random: SeededRandom) => NoiseSource> = {
  white: White,
  pink: Pink,
  wind: Wind,
  motors: Motors,
  crowd: Crowd,
};

/** A source of `kind` scaled to an RMS of about 1 (measured over one warm-up second, which is then dropped). */
export function noiseSource(kind: NoiseKind, random: SeededRandom): NoiseSource {
  const source = new CONSTRUCTORS[kind](random);
  let sum = 0;
  for (let i = 0; i < SR; i++) sum += source.next() ** 2;
  const gain = sum > 0 ? 1 / Math.sqrt(sum / SR) : 1;
  return { next: () => source.next() * gain };
}
