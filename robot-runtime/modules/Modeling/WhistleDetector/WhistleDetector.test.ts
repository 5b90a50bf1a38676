/**
 * The WhistleDetector on signals made here: the spectrum puts a tone in its bin, the physical model alone hears a
 * trilled 3 kHz tone in white noise once and dates it inside the tone (also in a clock's first seconds), noise
 * alone gives nothing, a quiet channel is left for the next and all quiet channels are reported as deaf, and a
 * network that cannot be loaded is told once while the physical model goes on alone. Networks on real files: app/host/perception/whistleNetwork.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { WhistleDetector, whistleNetFile } from './WhistleDetector';
import { FFT_SIZE, SPECTRUM_BINS, WhistleSpectrum } from './whistleSpectrum';

const RATE = 48000;
const FRAME = 2048;

/** `seconds` of white noise (RMS `noise`) with a trilled tone of `frequency` Hz (RMS `tone`) from `from` to `to`. */
function signal(seconds: number, noise: number, tone = 0, from = 0, to = 0, frequency = 3000): Float32Array {
  const random = new SeededRandom(11);
  const out = new Float32Array(seconds * RATE);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    const trill = Math.sin(2 * Math.PI * 30 * t);
    phase += (2 * Math.PI * frequency * (1 + 0.01 * trill)) / RATE;
    const on = t >= from && t < to ? tone * Math.SQRT2 * (0.6 + 0.4 * trill) : 0;
    out[i] = random.gaussian(noise) + on * Math.sin(phase);
  }
  return out;
}

/** Runs the module over `samples` given as `channels` channels (the others silent); returns the whistle and reports. */
function listen(samples: Float32Array, options: { channels?: number; dead?: number[]; networks?: unknown } = {}) {
  const channels = options.channels ?? 2;
  const the = { FrameInfo: { time: 0 }, AudioData: { channels, sampleRate: RATE, samples: [] as number[] } };
  const module = createModuleForTest(WhistleDetector, {
    the,
    networks: options.networks as never,
    params: options.networks ? {} : { nnWeight: 0 },
  });
  const whistle = Whistle.defaultValue();
  const reports: { at: number; whistle: Whistle }[] = [];
  for (let end = FRAME; end <= samples.length; end += FRAME) {
    const block = new Array<number>(FRAME * channels).fill(0);
    for (let i = 0; i < FRAME; i++)
      for (let c = 0; c < channels; c++)
        if (!options.dead?.includes(c)) block[i * channels + c] = samples[end - FRAME + i]!;
    the.FrameInfo.time = Math.round((end * 1000) / RATE);
    the.AudioData.samples = block;
    const before = whistle.lastTimeWhistleDetected;
    module.update.Whistle!(whistle);
    if (whistle.lastTimeWhistleDetected !== before) reports.push({ at: the.FrameInfo.time, whistle: { ...whistle } });
  }
  return { whistle, reports, debug: module.debug, listener: module.kept.state as { listener: { channel: number } } };
}

describe('WhistleDetector', () => {
  it('puts a 3 kHz tone into bin 64 of 513 (46.875 Hz per bin at 48 kHz)', () => {
    const spectrum = new WhistleSpectrum();
    const tone = Float32Array.from({ length: FFT_SIZE }, (_, i) => Math.sin((2 * Math.PI * 3000 * i) / RATE));
    spectrum.compute(tone, 'hamming', 0.25);
    expect(spectrum.amplitudes).toHaveLength(SPECTRUM_BINS);
    const peak = spectrum.amplitudes.reduce((best, a, k, all) => (a > all[best]! ? k : best), 0);
    expect(peak).toBe(64);
    // A unit sine under a Hamming window: 0.54 × 1024 / 2 in its bin.
    expect(spectrum.maxAmplitude).toBeCloseTo(276.5, 0);
    expect(spectrum.decibels[64]).toBeCloseTo(20 * Math.log10(spectrum.amplitudes[64]!), 3);
  });

  it('hears a trilled tone in noise once, dated inside it, with the physical model alone', () => {
    const { whistle, reports } = listen(signal(6, 0.02, 0.05, 3, 3.6));
    expect(reports).toHaveLength(1);
    expect(whistle.lastTimeWhistleDetected).toBeGreaterThanOrEqual(3000);
    expect(whistle.lastTimeWhistleDetected).toBeLessThanOrEqual(3600 + 300);
    // Reported maxDetectionPause (200 ms) after its best moment, within one frame (43 ms).
    expect(reports[0]!.at - whistle.lastTimeWhistleDetected).toBeGreaterThanOrEqual(200);
    expect(reports[0]!.at - whistle.lastTimeWhistleDetected).toBeLessThan(250);
    expect(whistle.confidenceOfLastWhistleDetection).toBeGreaterThan(1);
    expect(whistle.channelsUsedForWhistleDetection).toBe(2);
  });

  it('hears a whistle in the first seconds of a clock that starts at 0 (no whistle before is "never", not time 0)', () => {
    // A capture's sample clock and the simulation's start at 0; minTimeBetweenWhistles (2 s) counts from the last
    // whistle heard, and there was none.
    const { whistle, reports } = listen(signal(3, 0.02, 0.05, 0.8, 1.4));
    expect(reports).toHaveLength(1);
    expect(whistle.lastTimeWhistleDetected).toBeGreaterThanOrEqual(800);
    expect(whistle.lastTimeWhistleDetected).toBeLessThanOrEqual(1400 + 300);
  });

  it('hears nothing in 20 s of white noise, nor a tone outside its band', () => {
    expect(listen(signal(20, 0.02)).reports).toEqual([]);
    expect(listen(signal(6, 0.02, 0.05, 3, 3.6, 1500)).reports).toEqual([]);
  });

  it('moves on from a dead channel and reports deafness when every channel is dead', () => {
    const noise = signal(3, 0.02);
    const second = listen(noise, { dead: [0] });
    expect(second.listener.listener.channel).toBe(1);
    expect(second.whistle.channelsUsedForWhistleDetection).toBe(2);
    const deaf = listen(noise, { dead: [0, 1] });
    expect(deaf.listener.listener.channel).toBe(1);
    expect(deaf.whistle.channelsUsedForWhistleDetection).toBe(0);
  });

  it('tells once that its network cannot be loaded and decides with the physical model alone', () => {
    const failing = {
      load: () => {
        throw new Error('NeuralNets/WhistleDetector/WhistleNetMk16.onnx: not found on the config search path');
      },
    };
    const { reports, debug } = listen(signal(6, 0.02, 0.05, 3, 3.6), { networks: failing });
    expect(reports).toHaveLength(1);
    const texts = debug.calls.filter((c) => c.kind === 'text').map((c) => String(c.args[0]));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/WhistleNetMk16\.onnx: not found.*physical model decides alone/);
  });

  it("finds the network of B-Human's whistleNetPath and of Pitchside's", () => {
    expect(whistleNetFile('Config/NeuralNets/WhistleDetector/WhistleNetMk16.h5')).toEqual({
      module: 'WhistleDetector',
      file: 'WhistleNetMk16.onnx',
    });
    expect(whistleNetFile('NeuralNets/WhistleDetector/WhistleNet.onnx')).toEqual({
      module: 'WhistleDetector',
      file: 'WhistleNet.onnx',
    });
  });
});
