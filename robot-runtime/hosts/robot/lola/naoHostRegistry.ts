/**
 * @file The worker registry of a standalone robot (PC or NAO): every thread gets a ThreadDebugger; when the host
 * options carry a LoLA buffer the Motion thread is driven by LoLA (sensors in, joint requests and LEDs out);
 * with camera buffers the camera threads read an image stream (an external robot in a simulator) or V4L2 cameras;
 * with a microphone buffer the Audio thread hears an ALSA device; the minimal
 * simulated body feeds what is left and follows the robot's odometry.
 */
import { ThreadDebugger } from '@robot-runtime/core/debug/ThreadDebugger';
import { NO_NEURAL_NETWORKS, configNeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { NodeFileSystem } from '../../node/NodeFileSystem';
import { OnnxEngine } from '../../node/OnnxEngine';
import { allModules } from '@robot-runtime/threads/allModules';
import { MinimalBody, defaultBodySettings, type BodySettings } from '../../sim/minimalBody/MinimalBody';
import { MinimalWorld } from '../../sim/minimalBody/MinimalWorld';
import { CognitionNetworkHost, type NetworkIdentity } from '../network/CognitionNetworkHost';
import { teamContentCodec } from '../network/teamMessageDefinition';
import type { ThreadHost, ThreadWorkerRegistry } from '../workers/protocol';
import { CameraStreamHost } from '../camera/CameraStreamHost';
import { MicrophoneHost } from '../alsa/MicrophoneHost';
import { LolaMotionHost } from './LolaMotionHost';

/** Host options of the LoLA variant: the body settings plus the shared LoLA buffer. */
export interface NaoHostOptions extends Partial<BodySettings> {
  /** LolaShared's buffer; absent: the minimal body alone (a PC). */
  lola?: SharedArrayBuffer;
  /** Name of the thread LoLA drives (default Motion). */
  lolaThread?: string;
  /** NetworkShared's buffer; absent: no network. */
  network?: SharedArrayBuffer;
  /** Name of the thread that talks to the network (default Cognition). */
  networkThread?: string;
  /** Team and player number and magic number for team messages. */
  identity?: NetworkIdentity;
  /** Text of teamMessage.def: the bit-packed codec TeamMessageHandler may select (`codec = bitPacked`). */
  teamMessageDefinition?: string;
  /** CameraShared buffers of the upper and lower camera when images come from a stream; absent: simulated. */
  cameras?: readonly SharedArrayBuffer[];
  /** AudioShared's buffer when the Audio thread hears a microphone; absent: no samples (or simulated ones). */
  microphone?: SharedArrayBuffer;
  /** The config folder and its search path, where modules find their networks (`NeuralNets/<Module>/<file>`). */
  configRoot?: string;
  configDirs?: string[];
}

/** The camera each camera thread reads. */
const CAMERA_OF_THREAD: Readonly<Record<string, number>> = { Upper: 0, Lower: 1 };

/** The host without LoLA and network: the minimal body alone. */
function bodyHost(body: MinimalBody, threadName: string): ThreadHost {
  return { frame: (timeMs, blackboard) => body.frame(threadName, timeMs, blackboard) };
}

/** The registry (the export name the workers look for). */
export const registry: ThreadWorkerRegistry = {
  modules: allModules,
  createDebugger: (threadName, clock) => new ThreadDebugger({ clock, threadName }),
  teamMessageCodecs: (options) => {
    const definition = (options as NaoHostOptions | undefined)?.teamMessageDefinition;
    if (!definition) return new Map();
    const codec = teamContentCodec(definition);
    return new Map([[codec.name, codec]]);
  },
  neuralNetworks: (options) => {
    const o = (options ?? {}) as NaoHostOptions;
    if (!o.configRoot || !o.configDirs) return NO_NEURAL_NETWORKS;
    return configNeuralNetworks({ engine: new OnnxEngine(), fs: new NodeFileSystem(o.configRoot), dirs: o.configDirs });
  },
  createHost: (threadName, shared, options, clock) => {
    const o = (options ?? {}) as NaoHostOptions;
    const {
      lola: _l,
      lolaThread: _lt,
      network: _n,
      networkThread: _nt,
      identity: _i,
      teamMessageDefinition: _d,
      cameras: _c,
      microphone: _m,
      configRoot: _cr,
      configDirs: _cd,
      ...bodyOptions
    } = o;
    const body = new MinimalBody(new MinimalWorld(shared), { ...defaultBodySettings, ...bodyOptions });
    if (o.network && o.identity && threadName === (o.networkThread ?? 'Cognition')) {
      const network = new CognitionNetworkHost(o.network, o.identity);
      const base = bodyHost(body, threadName);
      return {
        frame: (timeMs, blackboard) =>
          network.frame(Math.max(0, Math.round(timeMs)), blackboard, base.frame(timeMs, blackboard)),
      };
    }
    const cameraBuffer = o.cameras?.[CAMERA_OF_THREAD[threadName] ?? -1];
    if (cameraBuffer) {
      const camera = new CameraStreamHost(cameraBuffer, CAMERA_OF_THREAD[threadName]!, () => clock.now());
      return {
        frame: (timeMs, blackboard) => {
          const streamed = camera.frame();
          const simulated = body.frame(threadName, timeMs, blackboard);
          return { get: (name) => streamed.get(name) ?? simulated.get(name) };
        },
      };
    }
    if (o.microphone && threadName === 'Audio') {
      const microphone = new MicrophoneHost(o.microphone);
      return {
        frame: (timeMs, blackboard) => {
          const heard = microphone.frame(timeMs);
          const simulated = body.frame(threadName, timeMs, blackboard);
          return { get: (name) => heard.get(name) ?? simulated.get(name) };
        },
      };
    }
    if (!o.lola || threadName !== (o.lolaThread ?? 'Motion')) return bodyHost(body, threadName);
    const lola = new LolaMotionHost(o.lola, () => clock.now());
    return {
      frame: (timeMs, blackboard) => {
        const real = lola.frame(timeMs, blackboard);
        const time = (real.get('FrameInfo') as { time: number }).time;
        // The simulated world moves with the odometry; LoLA's values replace the simulated sensors.
        const simulated = body.frame(threadName, time, blackboard);
        return { get: (name) => real.get(name) ?? simulated.get(name) };
      },
    };
  },
};
