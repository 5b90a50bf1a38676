/**
 * @file Measures whistle detection on the synthesized set (whistleDataset.ts): recall per SNR band and false
 * whistles per 10 minutes of noise alone, for the physical model alone, the network alone and their fusion, each
 * with the WhistleDetector's own code and parameters (a weight of 0 switches a part off). A whistle counts as
 * heard when a whistle is reported at a time between its start and 0.5 s after its end; every other report is a
 * false whistle.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import type { WhistleDetectorParameters } from '@robot-runtime/modules/Modeling/WhistleDetector/parameters';
import type { NetworkRun } from '@robot-runtime/modules/Modeling/WhistleDetector/whistleFusion';
import { WhistleListener } from '@robot-runtime/modules/Modeling/WhistleDetector/WhistleListener';
import { WhistleSpectrum } from '@robot-runtime/modules/Modeling/WhistleDetector/whistleSpectrum';
import { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { AUDIO_SAMPLE_RATE } from '@app/simulator/audio/whistleSound';
import { noiseBank, noiseStream, whistleStream, type PlacedWhistle } from './whistleDataset';

/** Samples per Audio frame (B-Human reads 2048 frames per update). */
const FRAME = 2048;
/** How long after a whistle's end a report still counts for it (s). */
export const LATE_REPORT = 0.5;

/** A detector to evaluate: parameters and network. */
export interface WhistleDetectorUnderTest {
  name: string;
  params: WhistleDetectorParameters;
  network: NetworkRun | undefined;
}

/** The three detectors of one network: the physical model alone, the network alone and the fusion. */
export function detectorVariants(
  params: WhistleDetectorParameters,
  network: NetworkRun | undefined,
  networkName: string,
): WhistleDetectorUnderTest[] {
  const variants: WhistleDetectorUnderTest[] = [
    { name: 'physical model', params: { ...params, nnWeight: 0 }, network },
  ];
  if (network) {
    variants.push({ name: `${networkName} network`, params: { ...params, pmWeight: 0 }, network });
    variants.push({ name: `${networkName} fusion`, params, network });
  }
  return variants;
}

/** The times (s) at which `detector` reports whistles in `samples` (one channel at 48 kHz), frame by frame. */
export function reportedWhistles(samples: Float32Array, detector: WhistleDetectorUnderTest): number[] {
  const listener = new WhistleListener(detector.params);
  const spectrum = new WhistleSpectrum();
  const whistle = Whistle.defaultValue();
  const reports: number[] = [];
  const block: number[] = new Array<number>(FRAME);
  const audio = { channels: 1, sampleRate: AUDIO_SAMPLE_RATE, samples: block };
  for (let end = FRAME; end <= samples.length; end += FRAME) {
    for (let i = 0; i < FRAME; i++) block[i] = samples[end - FRAME + i]!;
    const before = whistle.lastTimeWhistleDetected;
    const time = Math.round((end * 1000) / AUDIO_SAMPLE_RATE);
    listener.update(detector.params, audio, time, whistle, spectrum, detector.network);
    if (whistle.lastTimeWhistleDetected !== before) reports.push(whistle.lastTimeWhistleDetected / 1000);
  }
  return reports;
}

/** Which whistles the reports hit, and how many reports hit none. */
export function matchReports(
  reports: readonly number[],
  whistles: readonly PlacedWhistle[],
): { heard: boolean[]; falseReports: number } {
  const heard = whistles.map(() => false);
  let falseReports = 0;
  for (const r of reports) {
    const i = whistles.findIndex((w, k) => !heard[k] && r >= w.start && r <= w.end + LATE_REPORT);
    if (i >= 0) heard[i] = true;
    else falseReports++;
  }
  return { heard, falseReports };
}

/** The size of an evaluation. */
export interface WhistleSetOptions {
  seed: number;
  /** SNR bands (dB). */
  snrs: readonly number[];
  whistlesPerBand: number;
  /** Minutes of noise without whistles. */
  noiseMinutes: number;
  /** Seconds of each noise recording in the bank. */
  bankSeconds: number;
}

/** The full set of the issue: −5…20 dB in steps of 5, 40 whistles each, 30 minutes of noise. */
export const FULL_SET: WhistleSetOptions = {
  seed: 40,
  snrs: [-5, 0, 5, 10, 15, 20],
  whistlesPerBand: 40,
  noiseMinutes: 30,
  bankSeconds: 20,
};

/** One detector's results. */
export interface WhistleEvaluation {
  detector: string;
  bands: { snr: number; whistles: number; heard: number; recall: number; falseReports: number }[];
  noiseMinutes: number;
  falseInNoise: number;
  falsePer10Minutes: number;
}

/** Evaluates every detector on the same synthesized set. */
export function evaluateWhistles(
  options: WhistleSetOptions,
  detectors: readonly WhistleDetectorUnderTest[],
  progress?: (line: string) => void,
): WhistleEvaluation[] {
  const bank = noiseBank(options.seed, options.bankSeconds);
  const random = new SeededRandom(options.seed);
  const streams = options.snrs.map((snr) => whistleStream(bank, random, snr, options.whistlesPerBand));
  const noise = noiseStream(bank, random, options.noiseMinutes * 60);
  progress?.('set synthesized');
  return detectors.map((detector) => {
    const bands = streams.map((stream, b) => {
      const { heard, falseReports } = matchReports(reportedWhistles(stream.samples, detector), stream.whistles);
      const hits = heard.filter(Boolean).length;
      return {
        snr: options.snrs[b]!,
        whistles: heard.length,
        heard: hits,
        recall: heard.length ? hits / heard.length : 0,
        falseReports,
      };
    });
    const falseInNoise = reportedWhistles(noise, detector).length;
    progress?.(`${detector.name} done`);
    return {
      detector: detector.name,
      bands,
      noiseMinutes: options.noiseMinutes,
      falseInNoise,
      falsePer10Minutes: (falseInNoise * 10) / options.noiseMinutes,
    };
  });
}

/** The results as a table: recall per SNR band, then false whistles. */
export function formatWhistleEvaluation(results: readonly WhistleEvaluation[]): string {
  const snrs = results[0]?.bands.map((b) => b.snr) ?? [];
  const width = Math.max(...results.map((r) => r.detector.length), 8);
  const head = ['detector'.padEnd(width), ...snrs.map((s) => `${s} dB`.padStart(7)), 'false/10 min'].join(' | ');
  const rows = results.map((r) =>
    [
      r.detector.padEnd(width),
      ...r.bands.map((b) => `${(b.recall * 100).toFixed(1)} %`.padStart(7)),
      `${r.falsePer10Minutes.toFixed(2)} (${r.falseInNoise} in ${r.noiseMinutes} min)`,
    ].join(' | '),
  );
  return [head, ...rows].join('\n');
}
