/**
 * The whistle evaluation on a reduced set (3 SNR bands of 8 whistles, 2 minutes of noise; `npm run eval:whistle`
 * measures the full one): the WhistleDetector with Pitchside's network hears nearly every whistle at 0 dB and
 * above and almost never whistles in noise; B-Human's network and the physical model alone are measured on the
 * same audio with bounds below what they reach (docs/whistle.md), so a clearly worse detector fails.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { configNeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { WHISTLE_NET_SPEC } from '@robot-runtime/modules/Modeling/WhistleDetector/WhistleDetector';
import { WhistleDetectorParameters } from '@robot-runtime/modules/Modeling/WhistleDetector/parameters';
import { DEFAULT_CONFIG_ROOT } from '@app/simulator/simulation/robotConfig';
import { detectorVariants, evaluateWhistles, matchReports, whistleParametersFrom } from './evaluateWhistles';

const engine = new OnnxEngine();
const network = (root: string, file: string) => {
  const net = configNeuralNetworks({ engine, fs: new NodeFileSystem(root), dirs: [''] }).load(
    'WhistleDetector',
    file,
    WHISTLE_NET_SPEC,
  );
  return (decibels: Float32Array) => net.run([decibels])[0]![0]!;
};

describe('whistle evaluation', () => {
  it("reads B-Human's whistleDetector.cfg as B-Human's values, which are the code defaults", () => {
    const corpus = sharedCorpus('bhuman', 'Config');
    const bhuman = whistleParametersFrom(path.join(corpus, 'Scenarios/Default/whistleDetector.cfg'));
    // Floats are read as B-Human's floats (single precision).
    for (const [key, value] of Object.entries(WhistleDetectorParameters.defaultValue()))
      if (typeof value === 'number') expect(bhuman[key as keyof typeof bhuman], key).toBeCloseTo(value, 6);
      else expect(bhuman[key as keyof typeof bhuman], key).toEqual(value);
    expect(bhuman.freq).toEqual({ min: 2500, max: 3700 });
    const pitchside = whistleParametersFrom(path.join(DEFAULT_CONFIG_ROOT, 'Scenarios/Default/whistleDetector.cfg'));
    expect(pitchside.freq).toEqual({ min: 2500, max: 4100 });
  });

  it('matches reports to whistles: from the start to 0.5 s after the end, one report per whistle', () => {
    const shape = {} as never;
    const whistles = [
      { start: 1, end: 2, snr: 0, shape },
      { start: 5, end: 5.5, snr: 0, shape },
    ];
    expect(matchReports([1.5, 1.6, 6.1, 9], whistles)).toEqual({ heard: [true, false], falseReports: 3 });
    expect(matchReports([5.9], whistles)).toEqual({ heard: [false, true], falseReports: 0 });
  });

  it("measures Pitchside's detector, B-Human's network and the physical model on the same reduced set", () => {
    const corpus = sharedCorpus('bhuman', 'Config');
    const cfg = (root: string) => whistleParametersFrom(path.join(root, 'Scenarios/Default/whistleDetector.cfg'));
    const pitchsideParams = cfg(DEFAULT_CONFIG_ROOT);
    const bhumanParams = cfg(corpus);
    const detectors = [
      detectorVariants(pitchsideParams, network(DEFAULT_CONFIG_ROOT, 'WhistleNet.onnx'), 'Pitchside')[2]!,
      detectorVariants(bhumanParams, network(corpus, 'WhistleNetMk16.onnx'), 'B-Human')[2]!,
      detectorVariants(bhumanParams, undefined, '')[0]!,
    ];
    const [pitchside, bhuman, physical] = evaluateWhistles(
      { seed: 4040, snrs: [0, 10, 20], whistlesPerBand: 8, noiseMinutes: 2, bankSeconds: 5 },
      detectors,
    );
    const recall = (r: typeof pitchside) => r!.bands.map((b) => b.recall);
    expect(pitchside!.detector).toBe('Pitchside fusion');
    // Measured on this set (2026-12-07): 100 % in every band, 2 false whistles in the 2 minutes of noise (its small
    // bank repeats a few seconds of noise; the full set's 30 minutes gave none), none among the whistles.
    for (const r of recall(pitchside)) expect(r).toBeGreaterThanOrEqual(0.85);
    expect(pitchside!.falseInNoise).toBeLessThanOrEqual(3);
    expect(pitchside!.bands.reduce((s, b) => s + b.falseReports, 0)).toBeLessThanOrEqual(1);
    // B-Human's fusion: 37.5 %, 62.5 %, 100 %, no false whistle; the physical model: 87.5 %, 62.5 %, 87.5 %, 2.
    expect(bhuman!.detector).toBe('B-Human fusion');
    expect(recall(bhuman)[2]).toBeGreaterThanOrEqual(0.6);
    expect(bhuman!.falseInNoise).toBeLessThanOrEqual(2);
    expect(physical!.detector).toBe('physical model');
    expect(recall(physical)[2]).toBeGreaterThanOrEqual(0.5);
  }, 300_000);
});
