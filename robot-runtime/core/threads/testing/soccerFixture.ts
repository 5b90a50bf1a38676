/**
 * @file Declarations shaped like a small soccer robot (no behaviour inside), for graph and `mr` tests.
 */
import { defineRepresentation } from '../../representation';
import { defineModule } from '../../module/defineModule';
import { field, t } from '@robot-runtime/protocol/types';
import { makeThread, type Configuration } from '../../config/Configuration';
import type { AnyModuleDefinition } from '../../module/ModuleGraph';

const rep = (name: string) => defineRepresentation(name, { value: field(t.int32, 'Test payload.') });
/** Test representations. */
export const R = {
  CameraImage: rep('CameraImage'),
  BallPercept: rep('BallPercept'),
  FrameInfo: rep('FrameInfo'),
  BallModel: rep('BallModel'),
  RobotPose: rep('RobotPose'),
  BehaviorOutput: rep('BehaviorOutput'),
  JointRequest: rep('JointRequest'),
  JointSensorData: rep('JointSensorData'),
};

const noUpdates = (reps: readonly { typeName: string }[]) => () => ({
  update: Object.fromEntries(reps.map((r) => [r.typeName, () => {}])) as never,
});
function mod(
  name: string,
  requires: (typeof R)[keyof typeof R][],
  provides: (typeof R)[keyof typeof R][],
  uses: (typeof R)[keyof typeof R][] = [],
): AnyModuleDefinition {
  return defineModule({ name, category: 'Test', requires, uses, provides }).implement(noUpdates(provides) as never);
}

/** Test modules. */
export const M = {
  CameraProvider: mod('CameraProvider', [], [R.CameraImage]),
  BallPerceptor: mod('BallPerceptor', [R.CameraImage], [R.BallPercept]),
  FrameInfoProvider: mod('FrameInfoProvider', [], [R.FrameInfo]),
  BallLocator: mod('BallLocator', [R.BallPercept, R.FrameInfo], [R.BallModel], [R.RobotPose]),
  OracleBallLocator: mod('OracleBallLocator', [R.FrameInfo], [R.BallModel]),
  SelfLocator: mod('SelfLocator', [R.FrameInfo], [R.RobotPose], [R.BallModel]),
  BehaviorControl: mod('BehaviorControl', [R.BallModel, R.RobotPose], [R.BehaviorOutput]),
  MotionCombinator: mod('MotionCombinator', [R.JointSensorData], [R.JointRequest], [R.BehaviorOutput]),
  JointProvider: mod('JointProvider', [], [R.JointSensorData]),
};

/** All test modules. */
export const soccerModules: AnyModuleDefinition[] = Object.values(M);

/** Upper, Cognition and Motion threads wired like B-Human's default. */
export function soccerConfiguration(): Configuration {
  return {
    defaultRepresentations: [],
    threads: [
      makeThread('Upper', 'Perception', { CameraImage: 'CameraProvider', BallPercept: 'BallPerceptor' }),
      makeThread('Cognition', 'Cognition', {
        BehaviorOutput: 'BehaviorControl',
        BallModel: 'BallLocator',
        RobotPose: 'SelfLocator',
        FrameInfo: 'FrameInfoProvider',
      }),
      makeThread('Motion', 'Motion', { JointRequest: 'MotionCombinator', JointSensorData: 'JointProvider' }),
    ],
  };
}
