import { describe, expect, it } from 'vitest';
import { buildModuleGraph, threadReads } from './ModuleGraph';
import { M, R, soccerConfiguration, soccerModules } from '../threads/testing/soccerFixture';
import { defineModule } from './defineModule';
import { makeThread } from '../config/Configuration';

describe('buildModuleGraph', () => {
  it('orders providers by REQUIRES, keeping configuration order for ties', () => {
    const graph = buildModuleGraph(soccerModules, soccerConfiguration());
    expect(graph.errors).toEqual([]);
    const cognition = graph.threads.find((t) => t.name === 'Cognition')!;
    expect(cognition.providers.map((p) => p.representation)).toEqual([
      'FrameInfo',
      'BallModel',
      'RobotPose',
      'BehaviorOutput',
    ]);
    const motion = graph.threads.find((t) => t.name === 'Motion')!;
    expect(motion.providers.map((p) => p.module)).toEqual(['JointProvider', 'MotionCombinator']);
  });

  it('USES does not order (SelfLocator uses BallModel but may run before it)', () => {
    const config = soccerConfiguration();
    config.threads[1]!.representationProviders = [
      { representation: 'FrameInfo', provider: 'FrameInfoProvider' },
      { representation: 'RobotPose', provider: 'SelfLocator' },
      { representation: 'BallModel', provider: 'BallLocator' },
      { representation: 'BehaviorOutput', provider: 'BehaviorControl' },
    ];
    const graph = buildModuleGraph(soccerModules, config);
    expect(graph.errors).toEqual([]);
    expect(graph.threads[1]!.providers.map((p) => p.representation)).toEqual([
      'FrameInfo',
      'RobotPose',
      'BallModel',
      'BehaviorOutput',
    ]);
  });

  it('derives the representations exchanged between threads', () => {
    const graph = buildModuleGraph(soccerModules, soccerConfiguration());
    const [upper, cognition, motion] = graph.threads;
    expect(upper!.sent).toEqual([{ representation: 'BallPercept', from: 'Upper', to: 'Cognition' }]);
    expect(cognition!.received).toEqual([{ representation: 'BallPercept', from: 'Upper', to: 'Cognition' }]);
    expect(cognition!.sent).toEqual([{ representation: 'BehaviorOutput', from: 'Cognition', to: 'Motion' }]);
    expect(motion!.received.map((r) => r.representation)).toEqual(['BehaviorOutput']);
    expect(motion!.blackboard).toEqual(['JointSensorData', 'JointRequest', 'BehaviorOutput']);
  });

  it('puts default representations on the blackboards of the threads that need them', () => {
    const config = soccerConfiguration();
    config.threads[1]!.representationProviders = config.threads[1]!.representationProviders.filter(
      (p) => p.representation !== 'FrameInfo',
    );
    config.defaultRepresentations = ['FrameInfo'];
    const graph = buildModuleGraph(soccerModules, config);
    expect(graph.errors).toEqual([]);
    expect(graph.threads[1]!.defaults).toEqual(['FrameInfo']);
    expect(graph.threads[0]!.defaults).toEqual([]);
  });

  it('collects every configuration error', () => {
    const config = soccerConfiguration();
    config.defaultRepresentations = ['RobotPose', 'Nonsense'];
    config.threads[0]!.representationProviders.push(
      { representation: 'BallPercept', provider: 'CameraProvider' },
      { representation: 'Foo', provider: 'NoSuchModule' },
      { representation: 'BallModel', provider: 'BallPerceptor' },
    );
    config.threads[2]!.representationProviders = config.threads[2]!.representationProviders.filter(
      (p) => p.representation !== 'JointSensorData',
    );
    const errors = buildModuleGraph(soccerModules, config).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        'CameraProvider does not provide BallPercept (selected in thread Upper)',
        'Unknown representation Foo in thread Upper',
        'Unknown module NoSuchModule selected for Foo in thread Upper',
        'BallPerceptor does not provide BallModel (selected in thread Upper)',
        'Unknown default representation Nonsense',
        'RobotPose is both a default representation and provided in Cognition',
        'MotionCombinator in Motion requires JointSensorData, which nobody provides',
      ]),
    );
  });

  it('reports two providers for one representation in a thread', () => {
    const config = soccerConfiguration();
    config.threads[1]!.representationProviders.push({ representation: 'BallModel', provider: 'OracleBallLocator' });
    expect(buildModuleGraph(soccerModules, config).errors).toContain(
      'BallModel has two providers in thread Cognition: BallLocator and OracleBallLocator',
    );
  });

  it('reports a representation provided in several other threads as ambiguous', () => {
    const config = soccerConfiguration();
    config.threads[2]!.representationProviders.push({ representation: 'FrameInfo', provider: 'FrameInfoProvider' });
    config.threads[0]!.representationProviders.push({ representation: 'FrameInfo', provider: 'FrameInfoProvider' });
    config.threads[1]!.representationProviders = config.threads[1]!.representationProviders.filter(
      (p) => p.representation !== 'FrameInfo',
    );
    const errors = buildModuleGraph(soccerModules, config).errors;
    expect(errors).toContain(
      'BallLocator in Cognition requires FrameInfo, which is provided in several threads (Upper, Motion)',
    );
  });

  it('names the modules and representations of a cycle', () => {
    const loop = defineModule({
      name: 'PoseFromBall',
      category: 'Test',
      requires: [R.BallModel],
      provides: [R.FrameInfo],
    }).implement(() => ({ update: { FrameInfo() {} } }));
    const config = soccerConfiguration();
    config.threads[1]!.representationProviders[3] = { representation: 'FrameInfo', provider: 'PoseFromBall' };
    const errors = buildModuleGraph([...soccerModules, loop], config).errors;
    expect(errors).toEqual([
      'Cycle in thread Cognition: BallLocator -> BallModel -> PoseFromBall -> FrameInfo -> BallLocator',
    ]);
  });

  it('reports a module requiring its own representation as a cycle', () => {
    const self = defineModule({
      name: 'Selfish',
      category: 'Test',
      requires: [R.BallModel],
      provides: [R.BallModel],
    }).implement(() => ({ update: { BallModel() {} } }));
    const config = {
      defaultRepresentations: [],
      threads: [makeThread('Cognition', 'Cognition', { BallModel: 'Selfish' })],
    };
    expect(buildModuleGraph([self], config).errors).toEqual([
      'Cycle in thread Cognition: Selfish -> BallModel -> Selfish',
    ]);
  });

  it('reports duplicate thread names', () => {
    const config = soccerConfiguration();
    config.threads.push(makeThread('Motion', 'Motion'));
    expect(buildModuleGraph(soccerModules, config).errors).toContain('Thread Motion is configured twice');
    expect(M.BallLocator.name).toBe('BallLocator');
  });

  it('tells which threads run a module that requires or uses a representation', () => {
    const config = soccerConfiguration();
    const graph = buildModuleGraph(soccerModules, config);
    expect(threadReads(graph, 'Upper', 'CameraImage')).toBe(true);
    expect(threadReads(graph, 'Cognition', 'CameraImage')).toBe(false);
    expect(threadReads(graph, 'Motion', 'BehaviorOutput')).toBe(true); // through USES
    expect(threadReads(graph, 'Nowhere', 'CameraImage')).toBe(false);
    // Percepts from an oracle instead of the image: the camera image is still provided, but nobody reads it.
    const oracle = defineModule({
      name: 'Oracle',
      category: 'Test',
      requires: [R.FrameInfo],
      provides: [R.BallPercept],
    }).implement(() => ({ update: { BallPercept: () => {} } }) as never);
    config.threads[0] = makeThread('Upper', 'Perception', {
      CameraImage: 'CameraProvider',
      BallPercept: 'Oracle',
      FrameInfo: 'FrameInfoProvider',
    });
    config.threads[1] = makeThread('Cognition', 'Cognition', {
      BehaviorOutput: 'BehaviorControl',
      BallModel: 'BallLocator',
      RobotPose: 'SelfLocator',
    });
    const oracleGraph = buildModuleGraph([...soccerModules, oracle], config);
    expect(oracleGraph.errors).toEqual([]);
    expect(threadReads(oracleGraph, 'Upper', 'CameraImage')).toBe(false);
  });
});
