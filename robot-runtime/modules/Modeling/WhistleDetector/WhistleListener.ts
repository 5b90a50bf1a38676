/**
 * @file What the WhistleDetector keeps from frame to frame and does per frame: it listens to one channel of the
 * AudioData (the first; the next after channelMinDeafCount quiet FFTs in a row, as a broken microphone is quiet),
 * cuts its samples into blocks of 1024 that overlap by half, and runs spectrum, physical model and fusion on each.
 * All FFTs of a frame carry the frame's time. Without samples (not listening) the detection starts over.
 */
import { RingBuffer, ringAverage } from '@robot-runtime/math/RingBuffer';
import type { AudioData } from '@robot-runtime/representations/Infrastructure/AudioData';
import type { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { Windowing, type WhistleDetectorParameters } from './parameters';
import { bandBins, PhysicalModel } from './physicalModel';
import { WhistleFusion, type FusionStep, type NetworkRun } from './whistleFusion';
import { FFT_SIZE, type WhistleSpectrum } from './whistleSpectrum';

/** Whistle frequencies averaged when the band follows the whistles heard (freqCalibration). */
const CALIBRATION_WHISTLES = 10;

/** What one FFT gave, for plots and evaluations. */
export interface FftObservation extends FusionStep {
  /** The physical model's confidence. */
  pm: number;
  /** The frequency (Hz) of the band's peak. */
  peakFrequency: number;
}

/** The per-robot listening state. */
export class WhistleListener {
  /** The channel listened to. */
  channel = 0;
  private deafCount = 0;
  private readonly block = new Float32Array(FFT_SIZE);
  private filled = 0;
  private readonly model = new PhysicalModel();
  private readonly fusion: WhistleFusion;
  /** The band searched (Hz); follows the whistles heard when freqCalibration is on. */
  private readonly band: { min: number; max: number };
  private readonly whistleFrequencies = new RingBuffer<number>(CALIBRATION_WHISTLES);

  constructor(params: WhistleDetectorParameters) {
    this.fusion = new WhistleFusion(params);
    this.band = { ...params.freq };
  }

  /**
   * Listens to the frame's `audio` at `time` (ms) and updates `whistle`; `spectrum` is scratch space, `network`
   * runs the network (undefined: the physical model alone). `observe` sees every FFT.
   */
  update(
    params: WhistleDetectorParameters,
    audio: Readonly<AudioData>,
    time: number,
    whistle: Whistle,
    spectrum: WhistleSpectrum,
    network: NetworkRun | undefined,
    observe?: (o: FftObservation) => void,
  ): void {
    if (!params.freqCalibration) Object.assign(this.band, params.freq);
    const samples = audio.samples;
    const channels = audio.channels;
    if (samples.length === 0 || channels === 0) {
      this.filled = 0;
      this.fusion.pause();
    } else {
      if (this.channel >= channels) this.channel = 0;
      for (let i = this.channel; i < samples.length; i += channels) {
        this.block[this.filled++] = samples[i]!;
        if (this.filled < FFT_SIZE) continue;
        this.analyse(params, audio, time, whistle, spectrum, network, observe);
        // The newer half starts the next block.
        this.block.copyWithin(0, FFT_SIZE / 2);
        this.filled = FFT_SIZE / 2;
      }
    }
    this.fusion.endFrame(params, time, whistle, params.numOfChannelsReported);
  }

  private analyse(
    params: WhistleDetectorParameters,
    audio: Readonly<AudioData>,
    time: number,
    whistle: Whistle,
    spectrum: WhistleSpectrum,
    network: NetworkRun | undefined,
    observe: ((o: FftObservation) => void) | undefined,
  ): void {
    spectrum.compute(this.block, Windowing.names[params.windowing]!, params.limit);
    this.noteLoudness(params, audio.channels, spectrum.meanAmplitude, whistle);
    const bins = bandBins(this.band, FFT_SIZE, audio.sampleRate);
    const pm = this.model.rate(spectrum, bins, params.useWeightedPMConfidence);
    const step = this.fusion.add(params, time, pm.confidence, spectrum.loudShare, spectrum.decibels, network);
    const peakFrequency = (pm.peakBin * audio.sampleRate) / FFT_SIZE;
    if (step.candidate && params.freqCalibration) this.calibrate(params, peakFrequency, step);
    observe?.({ ...step, pm: pm.confidence, peakFrequency });
  }

  /** Moves on to the next channel when this one stays quiet; reports deafness when the last one is quiet too. */
  private noteLoudness(params: WhistleDetectorParameters, channels: number, mean: number, whistle: Whistle): void {
    if (mean >= params.channelMinAmplitude) {
      this.deafCount = 0;
      whistle.channelsUsedForWhistleDetection = params.numOfChannelsReported;
    } else if (++this.deafCount >= params.channelMinDeafCount) {
      if (this.channel < channels - 1) {
        this.channel++;
        this.deafCount = 0;
      } else whistle.channelsUsedForWhistleDetection = 0;
    }
  }

  /** Narrows the band around the frequencies of clear candidates inside the configured band. */
  private calibrate(params: WhistleDetectorParameters, frequency: number, step: FusionStep): void {
    if (frequency <= params.freq.min || frequency >= params.freq.max || step.confidence <= step.threshold * 1.5) return;
    this.whistleFrequencies.push(frequency);
    const mean = ringAverage(this.whistleFrequencies);
    const below = Math.abs(mean - this.band.min);
    const above = Math.abs(mean - this.band.max);
    this.band.min = Math.max(0, Math.round(Math.min(mean - below / 2, mean - params.freqTolerance)));
    this.band.max = Math.round(Math.max(mean + above / 2, mean + params.freqTolerance));
  }
}
