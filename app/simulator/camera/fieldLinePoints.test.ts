// The FieldLinePointsPerceptor on the simulator's rendered images: in the scene CameraCalibration.ros3 the lower
// camera sits where the robot believes it does, so the line points it finds must lie on the field's lines and
// run along them; the upper camera is mounted 2° further down and rolled 1.5°, so its points, projected through
// the nominal camera matrix, miss the lines: what the calibration corrects.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeDebugRequest } from '@robot-runtime/protocol/debugMessages';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { straightFieldLines } from '@robot-runtime/representations/Configuration/calibrateCameras';
import { distanceToSegment } from '@robot-runtime/representations/Configuration/calibrateFromLinePoints';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { withFocalLengths, type CameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import type { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import type { FieldLinePoints } from '@robot-runtime/representations/Perception/FieldLinePoints';
import { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';
import { Simulation } from '../simulation/Simulation';

const root = path.resolve(import.meta.dirname, '../../..');
const open: Simulation[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

const quantile = (values: number[], q: number): number =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

describe('line points found in rendered camera images', () => {
  it('lie on the field lines for the nominal lower camera and miss them for the upper one mounted off', async () => {
    const sim = await Simulation.load(path.join(root, 'scenes/CameraCalibration.ros3'), { seed: 1 });
    open.push(sim);
    const program = sim.robot('robot1')!.program;
    // The points are found only while someone looks at them (or the calibration records): ask as `vid` would.
    for (const thread of ['Upper', 'Lower'])
      program.thread(thread)!.debugger.handle({
        id: MessageID.idDebugRequest,
        payload: encodeDebugRequest({ name: 'debug drawing:module:FieldLinePointsPerceptor:points', enable: true }),
      });
    const lines = straightFieldLines(FieldDimensions.defaultValue());
    const offLine = { Upper: [] as number[], Lower: [] as number[] };
    let alongLine = 0;
    let lowerPoints = 0;
    const seen = new Set<string>();
    while (sim.time < 600) {
      sim.step();
      const pose = sim.worldState.robots.find((r) => r.name === 'robot1')!.pose;
      const [c, s] = [Math.cos(pose.rotation), Math.sin(pose.rotation)];
      for (const thread of ['Upper', 'Lower'] as const) {
        const percept = program.thread(thread)!.blackboard.get('FieldLinePoints') as FieldLinePoints;
        if (percept.time === 0 || seen.has(`${thread}${percept.time}`)) continue;
        seen.add(`${thread}${percept.time}`);
        for (const p of percept.points) {
          const g = p.onGround;
          const field = { x: pose.translation.x + c * g.x - s * g.y, y: pose.translation.y + s * g.x + c * g.y };
          const d = lines.map((l) => distanceToSegment(field, l));
          const nearest = d.indexOf(Math.min(...d));
          offLine[thread].push(d[nearest]!);
          if (thread !== 'Lower') continue;
          lowerPoints++;
          // The direction in the image, carried to the ground, runs along the nearest line.
          if (d[nearest]! > 60) continue;
          const board = program.thread(thread)!.blackboard;
          const geometry = new ImageGeometry(
            board.get('CameraMatrix') as CameraMatrix,
            withFocalLengths(board.get('CameraInfo') as CameraInfo),
          );
          const ahead = { x: 0, y: 0 };
          const [u, v] = [p.pixel.x + 6 * Math.cos(p.direction), p.pixel.y + 6 * Math.sin(p.direction)];
          if (!geometry.toGround(u, v, ahead)) continue;
          const line = lines[nearest]!;
          const difference =
            Math.abs(
              Math.atan2(ahead.y - g.y, ahead.x - g.x) +
                pose.rotation -
                Math.atan2(line.to.y - line.from.y, line.to.x - line.from.x),
            ) % Math.PI;
          if (Math.min(difference, Math.PI - difference) < (15 * Math.PI) / 180) alongLine++;
        }
      }
    }
    const mm = (values: number[], q: number): string => quantile(values, q).toFixed(0);
    console.log(
      `lower: ${lowerPoints} points, median ${mm(offLine.Lower, 0.5)} mm, 90 % ${mm(offLine.Lower, 0.9)} mm off the ` +
        `lines, ${alongLine} along them; upper: ${offLine.Upper.length} points, median ${mm(offLine.Upper, 0.5)} mm`,
    );
    expect(lowerPoints).toBeGreaterThan(50);
    expect(offLine.Upper.length).toBeGreaterThan(50);
    // Nominal camera: on the lines within a centimetre or two (the centre of a 5 cm wide line).
    expect(quantile(offLine.Lower, 0.5)).toBeLessThan(10);
    expect(quantile(offLine.Lower, 0.9)).toBeLessThan(25);
    expect(alongLine).toBeGreaterThan(lowerPoints * 0.8);
    // Upper camera 2° off: the points miss their lines by far more.
    expect(quantile(offLine.Upper, 0.5)).toBeGreaterThan(3 * quantile(offLine.Lower, 0.5));
  }, 120_000);
});
