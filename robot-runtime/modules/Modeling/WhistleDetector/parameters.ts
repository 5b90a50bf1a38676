/**
 * @file The WhistleDetector's parameters, named and laid out as B-Human's `whistleDetector.cfg`, so that B-Human's
 * file loads unchanged. A weight of 0 switches its part off (Pitchside's addition, which B-Human's values never
 * use): `nnWeight = 0` is the physical model alone, `pmWeight = 0` the network alone.
 */
import { defineClass, defineEnum, defineParameters, field, t, type ValueOf } from '@robot-runtime/core/streamable';

/** The window applied to each block of samples before the FFT. */
export const Windowing = defineEnum('WhistleDetector::Windowing', ['hann', 'hamming', 'nuttall'] as const);

/** A range of whole frequencies (Hz). */
export const FrequencyRange = defineClass('Range<unsigned int>', {
  min: field(t.uint32, 'Lower bound (Hz).'),
  max: field(t.uint32, 'Upper bound (Hz).'),
});

/** The module's parameters (defaults: B-Human's values). */
export const WhistleDetectorParameters = defineParameters('WhistleDetector', {
  whistleNetPath: field(
    t.string,
    'The network, `[Config/]NeuralNets/WhistleDetector/<file>` on the config search path; a Keras name (.h5) ' +
      'means its .onnx twin. Input [1,513,1]: dB per FFT bin; output [1,1]: whistle probability.',
    'Config/NeuralNets/WhistleDetector/WhistleNetMk16.h5',
  ),
  channelMinAmplitude: field(
    t.float,
    'A channel whose mean FFT amplitude stays below this is taken for a broken microphone.',
    0.005,
  ),
  channelMinDeafCount: field(t.uint32, 'After this many quiet FFTs in a row the next channel is tried.', 10),
  windowing: field(Windowing, 'The window applied before the FFT.', Windowing.hamming),
  freq: field(FrequencyRange, 'The band (Hz) searched for the whistle peak.', () => ({ min: 2500, max: 3700 })),
  freqCalibration: field(t.bool, 'Whether the band follows the frequency of the whistles heard.', false),
  freqTolerance: field(t.int32, 'Half-width (Hz) kept around the mean whistle frequency when calibrating.', 250),
  useWeightedPMConfidence: field(
    t.bool,
    "Whether the physical model's confidence is scaled by the peak's share of the largest amplitude.",
    true,
  ),
  pmWeight: field(t.float, "Weight of the physical model's confidence (0: not used).", 0.6),
  nnWeight: field(t.float, "Weight of the network's confidence (0: not used, the network is not loaded).", 0.8),
  threshold: field(t.float, 'The combined confidence a candidate must exceed (before adaptation).', 0.4),
  thresholdRatio: field(t.float, 'Each used part must exceed this share of the threshold on its own.', 0.2),
  useAdaptiveThreshold: field(
    t.bool,
    'Whether the threshold rises with the share of loud bins, averaged over adaptiveWindowSize FFTs.',
    true,
  ),
  limit: field(t.float, 'A bin whose amplitude exceeds this counts as loud.', 0.25),
  limitWeight: field(t.float, 'How much the share of loud bins raises the threshold and lowers the confidences.', 0.4),
  adaptiveWindowSize: field(
    t.uint32,
    'FFTs over which the threshold is averaged; the confidences are delayed by half of it.',
    25,
  ),
  maxDetectionPause: field(
    t.int32,
    'Candidates less than this far apart (ms) belong to one whistle, which is reported this long after its best.',
    200,
  ),
  minDetections: field(t.uint32, 'Candidates one whistle needs before it can be reported.', 2),
  minTimeBetweenWhistles: field(t.int32, 'No new whistle is reported this long (ms) after the last one.', 2000),
  numOfChannelsReported: field(
    t.uint8,
    'The channel count reported in Whistle while a microphone works (the team vote weighs by it).',
    2,
  ),
});
export type WhistleDetectorParameters = ValueOf<typeof WhistleDetectorParameters>;
