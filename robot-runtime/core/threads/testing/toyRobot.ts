/**
 * @file A three-thread toy robot (Upper, Cognition, Motion) for tests and benchmarks of the framework. Its
 * data carries self-checks (`check = 2 * frame`) so that a torn or mixed package would be visible.
 */
import { defineRepresentation } from '../../representation';
import { defineModule, defineParameters } from '../../module/defineModule';
import { field, t } from '@robot-runtime/protocol/types';
import { makeThread, type Configuration } from '../../config/Configuration';
import type { AnyModuleDefinition } from '../../module/ModuleGraph';

/** What the toy camera "sees" each frame. */
export const ToyCameraInfo = defineRepresentation('ToyCameraInfo', {
  frame: field(t.int32, 'Upper frame number.'),
  noise: field(t.int32, "A random number in [0, 1000) from the module's seeded stream."),
  check: field(t.int32, 'Always 2 * frame.'),
});

/** The toy percept, computed from the camera info in the same thread. */
export const ToyPercept = defineRepresentation(
  'ToyPercept',
  {
    frame: field(t.int32, 'Upper frame number it was computed in.'),
    check: field(t.int32, 'Always 2 * frame.'),
    score: field(t.int32, 'gain * noise.'),
  },
  { verify: (p) => (p.check === 2 * p.frame ? undefined : `check ${p.check} != 2 * ${p.frame}`) },
);

/** Cognition's model of the world. */
export const ToyWorldModel = defineRepresentation('ToyWorldModel', {
  updates: field(t.int32, 'Cognition frames so far.'),
  perceptFrame: field(t.int32, 'Upper frame of the percept used.'),
  consistent: field(t.bool, 'The percept received was internally consistent.', true),
  motionFrame: field(t.int32, 'Motion frame last seen (stale by design: USES).'),
});

/** Motion's output. */
export const ToyJointState = defineRepresentation('ToyJointState', {
  frame: field(t.int32, 'Motion frame number.'),
  angle: field(t.float, 'A gaussian sample (seeded).'),
  worldUpdates: field(t.int32, 'ToyWorldModel.updates last seen.'),
});

/** Parameters of ToyCamera. */
export const ToyPerceptorParameters = defineParameters('ToyPerceptor', {
  gain: field(t.int32, 'Factor applied to the noise.', 3),
});

/** Provides ToyCameraInfo in Upper. */
export const ToyCamera = defineModule({
  name: 'ToyCamera',
  category: 'Infrastructure',
  provides: [ToyCameraInfo],
}).implement(({ random, keep }) => {
  const kept = keep({ frame: 0 });
  return {
    update: {
      ToyCameraInfo(info) {
        info.frame = kept.frame++;
        info.noise = Math.floor(random.next() * 1000);
        info.check = 2 * info.frame;
      },
    },
  };
});

/** Provides ToyPercept from ToyCameraInfo. */
export const ToyPerceptor = defineModule({
  name: 'ToyPerceptor',
  category: 'Perception',
  requires: [ToyCameraInfo],
  provides: [ToyPercept],
  parameters: ToyPerceptorParameters,
  stateless: true,
}).implement(({ the, params }) => ({
  update: {
    ToyPercept(p) {
      p.frame = the.ToyCameraInfo.frame;
      p.check = the.ToyCameraInfo.check;
      p.score = params.gain * the.ToyCameraInfo.noise;
    },
  },
}));

/** Provides ToyWorldModel in Cognition from Upper's percept. */
export const ToyModeler = defineModule({
  name: 'ToyModeler',
  category: 'Modeling',
  requires: [ToyPercept],
  uses: [ToyJointState],
  provides: [ToyWorldModel],
  stateless: true,
}).implement(({ the }) => ({
  update: {
    ToyWorldModel(m) {
      m.updates++;
      m.perceptFrame = the.ToyPercept.frame;
      m.consistent = m.consistent && the.ToyPercept.check === 2 * the.ToyPercept.frame;
      m.motionFrame = the.ToyJointState.frame;
    },
  },
}));

/** Provides ToyJointState in Motion. */
export const ToyMotion = defineModule({
  name: 'ToyMotion',
  category: 'MotionControl',
  uses: [ToyWorldModel],
  provides: [ToyJointState],
}).implement(({ the, random, keep }) => {
  const kept = keep({ frame: 0 });
  return {
    update: {
      ToyJointState(j) {
        j.frame = kept.frame++;
        j.angle = random.gaussian(0.1);
        j.worldUpdates = the.ToyWorldModel.updates;
      },
    },
  };
});

/** All toy modules. */
export const toyModules: readonly AnyModuleDefinition[] = [ToyCamera, ToyPerceptor, ToyModeler, ToyMotion];

/** Upper -> Cognition <-> Motion. */
export function toyConfiguration(): Configuration {
  return {
    defaultRepresentations: [],
    threads: [
      makeThread('Upper', 'Perception', { ToyCameraInfo: 'ToyCamera', ToyPercept: 'ToyPerceptor' }),
      makeThread('Cognition', 'Cognition', { ToyWorldModel: 'ToyModeler' }),
      makeThread('Motion', 'Motion', { ToyJointState: 'ToyMotion' }),
    ],
  };
}
