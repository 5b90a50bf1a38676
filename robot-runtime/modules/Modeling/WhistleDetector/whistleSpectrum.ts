/**
 * @file The spectrum the whistle detector works on: a block of 1024 samples (oldest first) is windowed and
 * transformed by a real FFT into 513 bins, 46.875 Hz apart at 48 kHz. The amplitudes are not normalised (a full-scale
 * sine gives about 0.27 × 1024 in its bin under a Hamming window), because the detector's limits and the network
 * were tuned on exactly these magnitudes; the network reads them in dB (20 log10).
 */
import FFT from 'fft.js';

/** Samples per FFT (B-Human: the network's 513 inputs, 2 × 513 − 2). */
export const FFT_SIZE = 1024;
/** Bins of the real FFT of FFT_SIZE samples (0 Hz to half the sample rate). */
export const SPECTRUM_BINS = FFT_SIZE / 2 + 1;
/** Smallest amplitude put into dB, so that digital silence gives −200 dB instead of −∞. */
const MIN_AMPLITUDE = 1e-10;

/** The windows B-Human offers (φ = π i / N). */
export type WindowKind = 'hann' | 'hamming' | 'nuttall';

/** The weights of window `kind` over `size` samples. */
export function windowWeights(kind: WindowKind, size: number): Float32Array {
  const w = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const phase = (Math.PI * i) / size;
    w[i] =
      kind === 'hann'
        ? Math.sin(phase) ** 2
        : kind === 'nuttall'
          ? 0.355768 - 0.487396 * Math.sin(phase) + 0.144232 * Math.sin(2 * phase) - 0.012604 * Math.sin(3 * phase)
          : 0.54 - 0.46 * Math.cos(2 * phase);
  }
  return w;
}

/** One FFT's results; the arrays are reused by the next transform. */
export class WhistleSpectrum {
  /** |X_k| per bin. */
  readonly amplitudes = new Float32Array(SPECTRUM_BINS);
  /** 20 log10 |X_k| per bin: what the network reads. */
  readonly decibels = new Float32Array(SPECTRUM_BINS);
  /** The largest amplitude of the last transform. */
  maxAmplitude = 0;
  /** The mean amplitude of the last transform. */
  meanAmplitude = 0;
  /** The share of bins whose amplitude exceeded the limit in the last transform. */
  loudShare = 0;
  private readonly fft = new FFT(FFT_SIZE);
  private readonly input = new Float64Array(FFT_SIZE);
  private readonly output: number[] = this.fft.createComplexArray() as number[];
  private window: Float32Array;
  private windowKind: WindowKind;

  constructor(kind: WindowKind = 'hamming') {
    this.windowKind = kind;
    this.window = windowWeights(kind, FFT_SIZE);
  }

  /** Transforms FFT_SIZE samples (oldest first) under window `kind`; `limit` is the amplitude that counts as loud. */
  compute(samples: Float32Array, kind: WindowKind, limit: number): void {
    if (kind !== this.windowKind) {
      this.windowKind = kind;
      this.window = windowWeights(kind, FFT_SIZE);
    }
    const { input, output, window, amplitudes, decibels } = this;
    for (let i = 0; i < FFT_SIZE; i++) input[i] = samples[i]! * window[i]!;
    this.fft.realTransform(output, input);
    let max = 0;
    let sum = 0;
    let loud = 0;
    for (let k = 0; k < SPECTRUM_BINS; k++) {
      const re = output[2 * k]!;
      const im = output[2 * k + 1]!;
      const amplitude = Math.sqrt(re * re + im * im);
      amplitudes[k] = amplitude;
      decibels[k] = 20 * Math.log10(Math.max(amplitude, MIN_AMPLITUDE));
      if (amplitude > max) max = amplitude;
      if (amplitude > limit) loud++;
      sum += amplitude;
    }
    this.maxAmplitude = max;
    this.meanAmplitude = sum / SPECTRUM_BINS;
    this.loudShare = loud / SPECTRUM_BINS;
  }
}
