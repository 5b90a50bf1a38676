/**
 * @file Labelled spectra for training a whistle network: the synthesized streams of whistleDataset.ts cut into the
 * blocks the WhistleDetector analyses (1024 samples, hop 512, Hamming window) and turned into its network input
 * (dB per bin, whistleSpectrum.ts). A block is a whistle (1) when its centre lies inside a whistle more than 20 ms
 * from its ends, noise (0) when it does not touch a whistle; blocks in between are left out as ambiguous.
 *
 * File format (little-endian): "PSWHIST1", uint32 count, then per spectrum 513 float32 (dB) and a float32 label.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import {
  FFT_SIZE,
  SPECTRUM_BINS,
  WhistleSpectrum,
} from '@robot-runtime/modules/Modeling/WhistleDetector/whistleSpectrum';
import { AUDIO_SAMPLE_RATE } from '@app/simulator/audio/whistleSound';
import { noiseBank, noiseStream, whistleStream, type LabeledStream } from './whistleDataset';

/** File magic. */
export const SPECTRA_MAGIC = 'PSWHIST1';
/** Floats per record: the spectrum and its label. */
export const SPECTRUM_RECORD_FLOATS = SPECTRUM_BINS + 1;

/** Collects labelled spectra of streams. */
export class SpectrumWriter {
  private readonly records: Float32Array[] = [];
  /** Spectra per label (noise, whistle). */
  readonly counts = [0, 0];
  private readonly spectrum = new WhistleSpectrum();

  /** Adds every unambiguous block of `stream`; noise blocks only every `noiseStride`th. */
  add(stream: LabeledStream, noiseStride = 1): void {
    const margin = 0.02;
    let noiseIndex = 0;
    for (let at = 0; at + FFT_SIZE <= stream.samples.length; at += FFT_SIZE / 2) {
      const centre = (at + FFT_SIZE / 2) / AUDIO_SAMPLE_RATE;
      const first = at / AUDIO_SAMPLE_RATE;
      const last = (at + FFT_SIZE) / AUDIO_SAMPLE_RATE;
      const inside = stream.whistles.some((w) => centre > w.start + margin && centre < w.end - margin);
      const touches = stream.whistles.some((w) => last > w.start && first < w.end);
      if (!inside && touches) continue;
      if (!inside && noiseIndex++ % noiseStride !== 0) continue;
      this.spectrum.compute(stream.samples.subarray(at, at + FFT_SIZE), 'hamming', 0.25);
      const record = new Float32Array(SPECTRUM_RECORD_FLOATS);
      record.set(this.spectrum.decibels);
      record[SPECTRUM_BINS] = inside ? 1 : 0;
      this.records.push(record);
      this.counts[inside ? 1 : 0]!++;
    }
  }

  /** The file's bytes. */
  bytes(): Uint8Array {
    const out = new Uint8Array(12 + this.records.length * SPECTRUM_RECORD_FLOATS * 4);
    out.set(new TextEncoder().encode(SPECTRA_MAGIC));
    new DataView(out.buffer).setUint32(8, this.records.length, true);
    const floats = new Float32Array(out.buffer, 12);
    this.records.forEach((r, i) => floats.set(r, i * SPECTRUM_RECORD_FLOATS));
    return out;
  }
}

/**
 * Training spectra from seed `seed` (the evaluation uses another): whistles at SNRs from −10 to 25 dB in noise,
 * and noise alone.
 */
export function whistleTrainingSpectra(seed: number, whistles: number, noiseMinutes: number): SpectrumWriter {
  const bank = noiseBank(seed, 20, 3);
  const random = new SeededRandom(seed);
  const writer = new SpectrumWriter();
  for (let i = 0; i < whistles; i += 10) writer.add(whistleStream(bank, random, -10 + 35 * random.next(), 10), 2);
  writer.add({ samples: noiseStream(bank, random, noiseMinutes * 60), whistles: [] }, 2);
  return writer;
}
