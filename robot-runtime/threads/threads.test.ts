import { describe, expect, it } from 'vitest';
import { makeThread, type Configuration } from '../core/config/Configuration';
import { buildModuleGraph } from '../core/module/ModuleGraph';
import { allRepresentations } from '../representations/allRepresentations';
import { allModules } from './allModules';

/** The provider table of config/Scenarios/Default/threads.cfg (kept in sync by hand; the graph check below guards it). */
function defaultConfiguration(cameraThreads = ['Upper', 'Lower']): Configuration {
  const perception = {
    FrameInfo: 'LogDataProvider',
    CameraInfo: 'LogDataProvider',
    CameraImage: 'SimulatedCameraProvider',
    GroundTruthWorldState: 'LogDataProvider',
    CameraCalibration: 'CameraCalibrationProvider',
    CameraMatrix: 'CameraMatrixProvider',
    BallPercept: 'OracledPerceptsProvider',
    LandmarkPercept: 'OracledPerceptsProvider',
  };
  return {
    defaultRepresentations: ['FieldDimensions', 'RobotDimensions'],
    threads: [
      ...cameraThreads.map((name) => makeThread(name, 'Perception', perception)),
      makeThread('Cognition', 'Cognition', {
        FrameInfo: 'LogDataProvider',
        GameControllerData: 'LogDataProvider',
        GameState: 'GameStateProvider',
        BallModel: 'BallLocator',
        RobotPose: 'SelfLocator',
        ObstacleModel: 'SimulatedWorldModelProvider',
        TeamData: 'TeamMessageHandler',
        TeamMessageOutput: 'TeamMessageHandler',
        MotionRequest: 'BehaviorControl',
        BehaviorStatus: 'BehaviorControl',
      }),
      makeThread('Motion', 'Motion', {
        FrameInfo: 'LogDataProvider',
        JointSensorData: 'LogDataProvider',
        InertialData: 'LogDataProvider',
        FsrSensorData: 'LogDataProvider',
        HeadAngles: 'HeadMotionEngine',
        WalkingEngineOutput: 'WalkingEngine',
        KeyframeMotionEngineOutput: 'KeyframeMotionEngine',
        KickEngineOutput: 'KickEngine',
        OdometryData: 'WalkingEngine',
        JointRequest: 'MotionCombinator',
        MotionInfo: 'MotionCombinator',
      }),
      makeThread('Audio', 'Audio', {
        FrameInfo: 'LogDataProvider',
        AudioData: 'LogDataProvider',
        Whistle: 'WhistleDetector',
      }),
    ],
  };
}

describe('module registry', () => {
  it('has unique module names and only known representations', () => {
    const names = allModules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const known = new Set(allRepresentations.map((r) => r.typeName));
    for (const m of allModules)
      for (const r of [...m.requires, ...m.uses, ...m.provides])
        expect(known.has(r.typeName), `${m.name}: ${r.typeName}`).toBe(true);
  });

  it('documents every parameter and names parameter files as B-Human does', () => {
    for (const m of allModules) {
      if (!m.parameters) continue;
      for (const name of m.parameters.fieldNames)
        expect(m.parameters.fields[name]!.doc.trim(), `${m.name}.${name}`).not.toBe('');
    }
    expect(
      allModules
        .filter((m) => m.loadsParameters)
        .map((m) => m.parameterFile)
        .sort(),
    ).toEqual([
      'ballAndPenaltyMarkPerceptor.cfg',
      'ballLocator.cfg',
      'behaviorControl.cfg',
      'cameraCalibration.cfg',
      'keyframeMotionEngine.cfg',
      'kickEngine.cfg',
      'oracledPerceptsProvider.cfg',
      'selfLocator.cfg',
      'teamMessageHandler.cfg',
      'walkingEngine.cfg',
      'whistleDetector.cfg',
    ]);
  });

  it('builds a valid module graph with one camera thread', () => {
    const graph = buildModuleGraph(allModules, defaultConfiguration(['Upper']));
    expect(graph.errors).toEqual([]);
  });

  it('builds the default threads: Cognition takes percepts from whichever camera thread ran last', () => {
    const graph = buildModuleGraph(allModules, defaultConfiguration());
    expect(graph.errors).toEqual([]);
    expect(graph.threads.map((t) => t.name)).toEqual(['Upper', 'Lower', 'Cognition', 'Motion', 'Audio']);
    const cognition = graph.threads.find((t) => t.name === 'Cognition')!;
    // GameStateProvider hears the Audio thread's whistle.
    expect(cognition.received.filter((r) => r.representation === 'Whistle').map((r) => r.from)).toEqual(['Audio']);
    const ballPerceptSenders = cognition.received.filter((r) => r.representation === 'BallPercept').map((r) => r.from);
    expect(ballPerceptSenders).toEqual(['Upper', 'Lower']);
  });
});
