// Record → export → validate on the default scene, without fixtures: robot1 of scenes/Game.ros3 (the one that
// perceives from rendered camera images) is recorded headless for a few simulated seconds with `npm run sim`'s
// recorder, exported with `npm run log -- export`, and the MCAP file is read back with @mcap/core and checked
// against @foxglove/schemas: the 3-D scene with the robot's and cameras' transforms, images with calibration,
// joint states and drawings, all with names and UNIX times.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLogCli } from '@app/host/cli/log';
import { decodeMessage, foxgloveProblems, readMcap } from '@app/host/log/mcap/testing/readMcap';
import { SimRecording } from '@app/host/log/simRecording';
import { Simulation } from '@app/simulator/simulation/Simulation';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-mcap-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('MCAP export of the default scene', () => {
  it('records robot1, exports and validates every Foxglove message', async () => {
    const sim = await Simulation.load(path.join(ROOT, 'scenes/Game.ros3'), { seed: 3 });
    let log: string;
    try {
      const representations = [
        'FrameInfo',
        'CameraInfo',
        'CameraMatrix',
        'RobotPose',
        'BallModel',
        'JointSensorData',
        'JointRequest',
        'InertialData',
      ];
      const recording = new SimRecording(sim, { robots: ['robot1'], representations, imageRate: 5 });
      recording.controller.execute('gc ready');
      recording.start();
      for (let i = 0; i < 200 && recording.busy; i++) recording.controller.execute('sim step 5');
      const end = sim.time + 3000;
      while (sim.time < end) recording.controller.execute('sim step 5');
      log = recording.save(dir)[0]!;
      expect(recording.problems).toEqual([]);
    } finally {
      await sim.dispose();
    }
    const out = path.join(dir, 'robot1.mcap');
    const lines: string[] = [];
    expect(await runLogCli(['export', log, '--mcap', out], { out: (l) => lines.push(l), err: () => {} })).toBe(0);
    const mcap = await readMcap(out);
    const { checked, problems } = foxgloveProblems(mcap.messages);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    const topics = new Map(mcap.messages.map((m) => [m.topic, m.schemaName]));
    for (const [topic, schema] of [
      ['/field', 'foxglove.SceneUpdate'],
      ['/tf', 'foxglove.FrameTransform'],
      ['/Upper/image', 'foxglove.RawImage'],
      ['/Upper/calibration', 'foxglove.CameraCalibration'],
      ['/joints/measured', 'foxglove.JointStates'],
      ['/Cognition/drawings', 'foxglove.SceneUpdate'],
      ['/Cognition/RobotPose', 'pitchside/RobotPose'],
    ])
      expect([topic, topics.get(topic!)]).toEqual([topic, schema]);
    const edges = new Set(
      mcap.messages
        .filter((m) => m.topic === '/tf')
        .map((m) => decodeMessage(m) as { parent_frame_id: string; child_frame_id: string })
        .map((t) => `${t.parent_frame_id}>${t.child_frame_id}`),
    );
    expect(edges).toContain('field>robot');
    expect([...edges].some((e) => e.startsWith('robot>camera_'))).toBe(true);
    const image = decodeMessage(mcap.messages.find((m) => m.topic === '/Upper/image')!) as {
      width: number;
      height: number;
      frame_id: string;
    };
    expect(image).toMatchObject({ width: 640, height: 480, frame_id: 'camera_upper' });
    // Representations are their logged bytes on ROS 1 channels, which Foxglove's own reader decodes by name.
    const pose = decodeMessage(mcap.messages.find((m) => m.topic === '/Cognition/RobotPose')!) as {
      translation: { x: number; y: number };
      covariance: { cols: { elems: number[] }[] };
    };
    expect(Number.isFinite(pose.translation.x)).toBe(true);
    expect(pose.covariance.cols).toHaveLength(3);
    // UNIX times: the recording ended when the log was saved, moments ago.
    const last = mcap.messages.reduce((t, m) => (m.logTime > t ? m.logTime : t), 0n);
    expect(Math.abs(Number(last / 1_000_000n) - Date.now())).toBeLessThan(10 * 60_000);
  }, 240_000);
});
