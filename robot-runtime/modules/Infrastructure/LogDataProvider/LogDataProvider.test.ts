import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { GroundTruthWorldState } from '@robot-runtime/representations/Infrastructure/GroundTruthWorldState';
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
});
