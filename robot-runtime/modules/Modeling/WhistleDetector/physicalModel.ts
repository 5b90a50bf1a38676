/**
 * @file The physical model of a whistle: a whistle is a sharp peak in its band (2.5–3.7 kHz) with an overtone near
 * twice its frequency. The confidence is how steeply the spectrum falls off beside the band's peak, relative to the
 * loudest bin: normally the gentler of the two slopes, the steeper one when the peak is louder than the recent
 * loudest bins on average and the overtone band is louder than the spectrum's mean. With weighting on, a peak that
 * is only a small part of the loudest bin counts proportionally less.
 */
import { RingBuffer, ringAverage } from '@robot-runtime/math/RingBuffer';
import { SPECTRUM_BINS, type WhistleSpectrum } from './whistleSpectrum';

/** FFTs over which the loudest bin is averaged (about 2.1 s at 48 kHz with a hop of 512). */
export const MAX_AMPLITUDE_HISTORY = 200;

/** The model's verdict on one spectrum. */
export interface PhysicalModelResult {
  /** Confidence in [0, 1]. */
  confidence: number;
  /** The bin of the band's peak. */
  peakBin: number;
}

/** The band searched for the whistle, in bins. */
export interface BinBand {
  min: number;
  max: number;
}

/** The bins of a frequency band (Hz) for an FFT of `size` samples at `sampleRate`, as whole bins below the edges. */
export function bandBins(band: { min: number; max: number }, size: number, sampleRate: number): BinBand {
  const bin = (hz: number): number => Math.max(0, Math.min(SPECTRUM_BINS - 2, Math.floor((hz * size) / sampleRate)));
  const min = bin(band.min);
  return { min, max: Math.max(min + 2, bin(band.max)) };
}

/** The physical model with its memory of the loudest bins. */
export class PhysicalModel {
  private readonly maxAmplitudes = new RingBuffer<number>(MAX_AMPLITUDE_HISTORY);

  /** Forgets the loudest bins heard. */
  reset(): void {
    this.maxAmplitudes.clear();
  }

  /** Rates `spectrum`, searching the peak strictly inside `band`; `weighted`: useWeightedPMConfidence. */
  rate(spectrum: WhistleSpectrum, band: BinBand, weighted: boolean): PhysicalModelResult {
    const a = spectrum.amplitudes;
    const max = spectrum.maxAmplitude;
    this.maxAmplitudes.push(max);
    let peakBin = band.min + 1;
    for (let k = band.min + 2; k < band.max; k++) if (a[k]! > a[peakBin]!) peakBin = k;
    if (!(max > 0)) return { confidence: 0, peakBin };
    const peak = a[peakBin]!;
    const weight = weighted ? peak / max : 1;
    const above = Math.abs(a[peakBin + 1]! - peak) / max;
    const below = Math.abs(peak - a[peakBin - 1]!) / max;
    let confidence = Math.min(above, below) * weight;
    if (peak >= ringAverage(this.maxAmplitudes)) {
      const from = Math.min(SPECTRUM_BINS, 2 * band.min);
      const to = Math.min(SPECTRUM_BINS, 2 * band.max + 1);
      let overtone = -1;
      for (let k = from; k < to; k++) if (a[k]! > overtone) overtone = a[k]!;
      if (to > from && overtone >= spectrum.meanAmplitude) confidence = Math.max(above, below) * weight;
    }
    return { confidence, peakBin };
  }
}
