/**
 * @file Hears the referee's whistle in the microphones' samples (B-Human's module of the same name, with its
 * parameters in `whistleDetector.cfg`): each block of 1024 samples of one channel, half overlapping, is windowed and
 * transformed (whistleSpectrum.ts); a physical model (physicalModel.ts) and a network rate the spectrum; the fusion
 * (whistleFusion.ts) turns their confidences into whistles with B-Human's thresholds and timing. The network is
 * `NeuralNets/WhistleDetector/<file>` on the config search path with input [1,513,1] (dB per bin) and output
 * [1,1], so any network of those shapes, B-Human's included, can be dropped in. A network that cannot be loaded is
 * reported once on the console and the physical model decides alone, as it does with `nnWeight = 0`.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import type { NeuralNetwork, NetworkSpec } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { AudioData } from '@robot-runtime/representations/Infrastructure/AudioData';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { Whistle } from '@robot-runtime/representations/Modeling/Whistle';
import { WhistleDetectorParameters } from './parameters';
import { WhistleListener } from './WhistleListener';
import { SPECTRUM_BINS, WhistleSpectrum } from './whistleSpectrum';

/** The shapes the module expects of its network. */
export const WHISTLE_NET_SPEC: NetworkSpec = { inputs: [[1, SPECTRUM_BINS, 1]], outputs: [[1, 1]] };

/**
 * The module folder and file of a `whistleNetPath` (`Config/NeuralNets/WhistleDetector/WhistleNetMk16.h5` →
 * WhistleDetector, WhistleNetMk16.onnx): B-Human names its networks from its root and by their Keras files.
 */
export function whistleNetFile(whistleNetPath: string): { module: string; file: string } {
  const parts = whistleNetPath
    .replace(/\.(h5|hdf5)$/, '.onnx')
    .split('/')
    .filter((p) => p !== '');
  const start = parts.indexOf('NeuralNets');
  const rest = start >= 0 ? parts.slice(start + 1) : parts;
  if (rest.length < 2) return { module: 'WhistleDetector', file: rest.join('/') };
  return { module: rest[0]!, file: rest.slice(1).join('/') };
}

export const WhistleDetector = defineModule({
  name: 'WhistleDetector',
  category: 'Modeling',
  requires: [FrameInfo, AudioData],
  provides: [Whistle],
  parameters: WhistleDetectorParameters,
  loadsParameters: true,
}).implement(({ the, params, networks, debug, keep }) => {
  const spectrum = new WhistleSpectrum();
  const kept = keep({ listener: new WhistleListener(params) });
  let network: NeuralNetwork | undefined;
  let loadedPath: string | undefined;

  /** The network, loaded when first needed and again when its path changes; undefined when off or unusable. */
  const net = (): NeuralNetwork | undefined => {
    if (!(params.nnWeight > 0)) return undefined;
    if (params.whistleNetPath !== loadedPath) {
      loadedPath = params.whistleNetPath;
      network = undefined;
      const { module, file } = whistleNetFile(params.whistleNetPath);
      try {
        network = networks.load(module, file, WHISTLE_NET_SPEC);
      } catch (e) {
        debug.text(`WhistleDetector: ${(e as Error).message}; the physical model decides alone`);
      }
    }
    return network;
  };

  return {
    update: {
      Whistle(whistle) {
        const nn = net();
        const run = nn ? (decibels: Float32Array) => nn.run([decibels])[0]![0]! : undefined;
        const reported = whistle.lastTimeWhistleDetected;
        kept.listener.update(params, the.AudioData, the.FrameInfo.time, whistle, spectrum, run, (o) => {
          debug.plot('module:WhistleDetector:confidence', o.confidence);
          debug.plot('module:WhistleDetector:confidence:pm', o.pm);
          debug.plot('module:WhistleDetector:threshold', o.threshold);
        });
        if (whistle.lastTimeWhistleDetected !== reported)
          debug.annotation(
            'WhistleDetector',
            `Detected with ${Math.round(whistle.confidenceOfLastWhistleDetection * 100)}%`,
          );
      },
    },
  };
});
