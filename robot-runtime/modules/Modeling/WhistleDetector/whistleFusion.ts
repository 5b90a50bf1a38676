/**
 * @file Fusion and timing of whistle detection. Per FFT the network's and the physical model's confidences are
 * weighted and scaled down by the share of loud bins; the threshold rises with that share and is averaged over the
 * last adaptiveWindowSize FFTs. The confidences used are those of half a window earlier, so the threshold already
 * knows the loudness that follows them. A candidate needs the sum above the threshold and each used part above
 * thresholdRatio of it; candidates less than maxDetectionPause apart form one whistle, which needs minDetections of
 * them and is reported maxDetectionPause after its best candidate (the ratio confidence / threshold), at the time
 * of that candidate; for minTimeBetweenWhistles after a report nothing new is reported.
 *
 * The network is costly, so it runs only for the FFT whose turn it is and only when its result can matter: when
 * the physical model's part passes its own test and could reach the threshold with a certain network. The outcome
 * is the same as running it on every FFT.
 */
import { RingBuffer, ringAverage } from '@robot-runtime/math/RingBuffer';
import type { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import type { WhistleDetectorParameters } from './parameters';
import { SPECTRUM_BINS, toDecibels } from './whistleSpectrum';

/** The parameters the fusion reads. */
export type FusionParameters = Pick<
  WhistleDetectorParameters,
  | 'threshold'
  | 'thresholdRatio'
  | 'useAdaptiveThreshold'
  | 'limitWeight'
  | 'adaptiveWindowSize'
  | 'pmWeight'
  | 'nnWeight'
  | 'maxDetectionPause'
  | 'minDetections'
  | 'minTimeBetweenWhistles'
>;

/** One FFT as the fusion keeps it. */
export interface FftRecord {
  /** The physical model's confidence. */
  pm: number;
  /** The network's confidence; NaN until it is needed. */
  nn: number;
  /** 1 − limitWeight × (share of loud bins). */
  scale: number;
  /** The spectrum's amplitudes (a copy, kept only while the network may still need them). */
  amplitudes: Float32Array | undefined;
}

/** Runs the network on a dB spectrum. */
export type NetworkRun = (decibels: Float32Array) => number;

/** What one FFT contributed, for plots. */
export interface FusionStep {
  /** Combined confidence of the FFT whose turn it was (NaN when the network's part was not needed). */
  confidence: number;
  /** The averaged threshold. */
  threshold: number;
  /** Whether it was a candidate. */
  candidate: boolean;
}

/** The fusion's state (kept with the module, so a log replay can snapshot it). */
export class WhistleFusion {
  private thresholds: RingBuffer<number>;
  private records: RingBuffer<FftRecord>;
  private detectionCount = 0;
  private lastCandidateTime = 0;
  /** Time of the best candidate of the whistle being heard. */
  private bestTime = 0;
  /** Its confidence / threshold; 1 when there is none. */
  private best = 1;
  private window: number;
  /** Scratch for the network's input. */
  private readonly decibels = new Float32Array(SPECTRUM_BINS);

  constructor(params: Pick<FusionParameters, 'useAdaptiveThreshold' | 'adaptiveWindowSize'>) {
    this.window = this.windowOf(params);
    this.thresholds = new RingBuffer(this.window);
    this.records = new RingBuffer(Math.max(1, Math.floor(this.window / 2)));
  }

  private windowOf(params: Pick<FusionParameters, 'useAdaptiveThreshold' | 'adaptiveWindowSize'>): number {
    return params.useAdaptiveThreshold ? Math.max(1, params.adaptiveWindowSize) : 1;
  }

  /** Starts over when no samples arrive (the robot stopped listening): detections and threshold are forgotten. */
  pause(): void {
    this.detectionCount = 0;
    this.thresholds.clear();
  }

  /**
   * Adds one FFT heard in the frame at `time` (ms): its physical-model confidence, its share of loud bins and its
   * amplitudes (copied only when the network may be needed); `network` runs the network on the dB spectrum when
   * its turn comes.
   */
  add(
    params: FusionParameters,
    time: number,
    pm: number,
    loudShare: number,
    amplitudes: Float32Array,
    network: NetworkRun | undefined,
  ): FusionStep {
    const window = this.windowOf(params);
    if (window !== this.window) {
      this.window = window;
      this.thresholds = new RingBuffer(window);
      this.records = new RingBuffer(Math.max(1, Math.floor(window / 2)));
    }
    const nnWeight = network ? params.nnWeight : 0;
    const weights = nnWeight + params.pmWeight;
    this.thresholds.push(
      params.threshold + (params.useAdaptiveThreshold ? (1 - params.threshold) * params.limitWeight * loudShare : 0),
    );
    const scale = 1 - params.limitWeight * loudShare;
    this.records.push({ pm, nn: NaN, scale, amplitudes: nnWeight > 0 ? Float32Array.from(amplitudes) : undefined });
    const threshold = ringAverage(this.thresholds);
    const turn = this.records.oldest!;
    const part = (weight: number, value: number): number => (weights > 0 ? (weight * value * turn.scale) / weights : 0);
    const pmPart = part(params.pmWeight, turn.pm);
    const minPart = threshold * params.thresholdRatio;
    const pmPasses = params.pmWeight <= 0 || pmPart > minPart;
    // The network's output is a probability: its part is at most part(nnWeight, 1).
    if (nnWeight > 0 && Number.isNaN(turn.nn) && pmPasses && pmPart + part(nnWeight, 1) > threshold) {
      const probability = network!(toDecibels(turn.amplitudes!, this.decibels));
      // A network that answers no number has not seen a whistle.
      turn.nn = Number.isFinite(probability) ? probability : 0;
      turn.amplitudes = undefined;
    }
    const nnPart = nnWeight > 0 ? part(nnWeight, turn.nn) : 0;
    const confidence = pmPart + nnPart;
    const candidate =
      this.thresholds.full && confidence > threshold && pmPasses && (nnWeight <= 0 || nnPart > minPart) && weights > 0;
    if (candidate) {
      this.lastCandidateTime = time;
      if (++this.detectionCount >= params.minDetections && confidence / threshold > this.best) {
        this.best = confidence / threshold;
        this.bestTime = time;
      }
    } else if (time - this.lastCandidateTime >= params.maxDetectionPause) {
      this.detectionCount = 0;
      this.lastCandidateTime = 0;
    }
    return { confidence, threshold, candidate };
  }

  /**
   * Ends the frame at `time`: within minTimeBetweenWhistles after the whistle last reported, candidates are
   * dropped; a whistle whose best candidate is maxDetectionPause old is written into `whistle`.
   */
  endFrame(params: FusionParameters, time: number, whistle: Whistle, channels: number): void {
    // 0 is "never": a clock that starts at 0 (the simulation's, a capture's sample clock) would otherwise drop every
    // whistle of its first minTimeBetweenWhistles.
    const sinceReported = time - whistle.lastTimeWhistleDetected;
    if (whistle.lastTimeWhistleDetected > 0 && sinceReported >= 0 && sinceReported < params.minTimeBetweenWhistles)
      this.best = 1;
    if (time - this.bestTime >= params.maxDetectionPause && this.best > 1) {
      whistle.lastTimeWhistleDetected = this.bestTime;
      whistle.channelsUsedForWhistleDetection = channels;
      whistle.confidenceOfLastWhistleDetection = this.best;
      this.best = 1;
    }
  }
}
