import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { GroundTruthWorldState } from '@robot-runtime/representations/Infrastructure/GroundTruthWorldState';
import { applyModuleRequest } from '@robot-runtime/core/module/moduleRequest';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { ObstacleModel } from '@robot-runtime/representations/Modeling/ObstacleModel';
import { RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { loggableRepresentations } from '@robot-runtime/representations/loggableRepresentations';
import { makeThread } from '@robot-runtime/core/config/Configuration';
import { LogDataProvider } from './LogDataProvider';

describe('LogDataProvider', () => {
  it('copies injected data into the blackboard instance in place', () => {
    const injected: Record<string, unknown> = { FrameInfo: { time: 1234 } };
    const { update } = createModuleForTest(LogDataProvider, { injected });
    const frameInfo = FrameInfo.defaultValue();
    const before = frameInfo;
    update.FrameInfo!(frameInfo);
    expect(frameInfo).toBe(before);
    expect(frameInfo.time).toBe(1234);
  });

  it('keeps the previous value when nothing was injected and never shares nested data with the host', () => {
    const angles = JointSensorData.defaultValue().angles.map((_, i) => i * 0.01);
    const injected: Record<string, unknown> = { JointSensorData: { angles, timestamp: 5, extra: 'ignored' } };
    const { update } = createModuleForTest(LogDataProvider, { injected });
    const data = JointSensorData.defaultValue();
    update.JointSensorData!(data);
    expect(data.angles[3]).toBeCloseTo(0.03);
    expect(data.angles).not.toBe(angles);
    expect(data).not.toHaveProperty('extra');
    delete injected.JointSensorData;
    update.JointSensorData!(data);
    expect(data.timestamp).toBe(5);

    const world = GroundTruthWorldState.defaultValue();
    update.GroundTruthWorldState!(world);
    expect(world.balls).toEqual([]);
  });

  it("writes each frame's data into the previous frame's arrays and records (no garbage per frame)", () => {
    const player = (x: number) => ({ number: 2, pose: { rotation: 0, translation: { x, y: 0 } }, upright: true });
    const injected: Record<string, unknown> = {};
    const { update } = createModuleForTest(LogDataProvider, { injected });
    const world = GroundTruthWorldState.defaultValue();
    injected.GroundTruthWorldState = { ...world, ownTeamPlayers: [player(100), player(200)] };
    update.GroundTruthWorldState!(world);
    const [players, first] = [world.ownTeamPlayers, world.ownTeamPlayers[0]!];
    const source = [player(300)];
    injected.GroundTruthWorldState = { ...world, ownTeamPlayers: source };
    update.GroundTruthWorldState!(world);
    expect(world.ownTeamPlayers).toBe(players);
    expect(world.ownTeamPlayers[0]).toBe(first);
    expect(world.ownTeamPlayers).toEqual([player(300)]);
    expect(world.ownTeamPlayers[0]!.pose).not.toBe(source[0]!.pose);
  });

  it('provides every representation a log can hold', () => {
    const provided = LogDataProvider.provides.map((r) => r.typeName);
    expect(provided).toEqual(loggableRepresentations.map((r) => r.typeName));
    expect(provided).toEqual(expect.arrayContaining(['BallModel', 'RobotPose', 'ObstacleModel', 'BehaviorStatus']));
  });

  it('fills a logged belief in place from the injected value (BallModel, RobotPose, ObstacleModel)', () => {
    const injected: Record<string, unknown> = {};
    const { update } = createModuleForTest(LogDataProvider, { injected });
    const ball = BallModel.defaultValue();
    const pose = RobotPose.defaultValue();
    const obstacles = ObstacleModel.defaultValue();
    injected.BallModel = { ...ball, timeWhenLastSeen: 4321 };
    injected.RobotPose = { ...pose, translation: { x: -3997, y: 612 } };
    injected.ObstacleModel = { ...obstacles, obstacles: [...obstacles.obstacles, ...obstacles.obstacles] };
    update.BallModel!(ball);
    update.RobotPose!(pose);
    update.ObstacleModel!(obstacles);
    expect(ball.timeWhenLastSeen).toBe(4321);
    expect(pose.translation).toEqual({ x: -3997, y: 612 });
    expect(obstacles).toEqual(injected.ObstacleModel);
  });

  it('is accepted as the provider of BallModel by a module request (mr BallModel LogDataProvider)', () => {
    const configuration = {
      defaultRepresentations: [],
      threads: [makeThread('Cognition', 'Cognition', { FrameInfo: 'LogDataProvider' })],
    };
    const result = applyModuleRequest(configuration, [LogDataProvider], {
      kind: 'provide',
      representation: 'BallModel',
      module: 'LogDataProvider',
      thread: 'Cognition',
    });
    expect(result.ok ? result.configuration.threads.find((t) => t.name === 'Cognition') : result.reason).toEqual(
      expect.objectContaining({
        representationProviders: expect.arrayContaining([{ representation: 'BallModel', provider: 'LogDataProvider' }]),
      }),
    );
  });
});
