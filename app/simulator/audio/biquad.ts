/**
 * @file A second-order IIR filter section (the "audio EQ cookbook" biquads, direct form I) for shaping
 * synthesized noise: formants of voices, the band of a whistle's breath, the rumble of wind.
 */

/** One biquad section with its state. */
export class Biquad {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  private constructor(
    private readonly b0: number,
    private readonly b1: number,
    private readonly b2: number,
    private readonly a1: number,
    private readonly a2: number,
  ) {}

  /** A band-pass around `centre` (Hz) with quality `q`, unit gain at the centre. */
  static bandPass(centre: number, q: number, sampleRate: number): Biquad {
    const w = (2 * Math.PI * centre) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    return new Biquad(alpha / a0, 0, -alpha / a0, (-2 * Math.cos(w)) / a0, (1 - alpha) / a0);
  }

  /** A low-pass with corner `corner` (Hz) and quality `q` (0.707: no resonance). */
  static lowPass(corner: number, q: number, sampleRate: number): Biquad {
    const w = (2 * Math.PI * corner) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const c = Math.cos(w);
    const a0 = 1 + alpha;
    return new Biquad((1 - c) / 2 / a0, (1 - c) / a0, (1 - c) / 2 / a0, (-2 * c) / a0, (1 - alpha) / a0);
  }

  /** A high-pass with corner `corner` (Hz) and quality `q`. */
  static highPass(corner: number, q: number, sampleRate: number): Biquad {
    const w = (2 * Math.PI * corner) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const c = Math.cos(w);
    const a0 = 1 + alpha;
    return new Biquad((1 + c) / 2 / a0, -(1 + c) / a0, (1 + c) / 2 / a0, (-2 * c) / a0, (1 - alpha) / a0);
  }

  /** Filters one sample. */
  step(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}
