/**
 * The shipped `teamMessage.def` sends the robot's rotation first as an Angle of 8 bits. B-Human clamps an angle
 * outside [−π, π] to the range, so a robot turned by 3.5 rad sends ff as the first payload byte (normalizing
 * would send 0f).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TeamMessageCodec } from '@robot-runtime/protocol/teamMessage/TeamMessageCodec';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

describe('team message angles', () => {
  it("starts the shipped TeamMessage of a robot turned by 3.5 rad with B-Human's ff", () => {
    const shipped = fs.readFileSync(path.join(REPO_ROOT, 'config/Scenarios/Default/teamMessage.def'), 'utf8');
    const roles = { 'Role::Type': ['none', 'goalkeeper', 'striker', 'supporter', 'defender'] };
    const message = TeamMessageCodec.fromDefinition(shipped, { root: 'TeamMessage', enums: roles });
    const payload = message.encodePayload(
      {
        pose: { rotation: 3.5, translation: { x: 0, y: 0 } },
        poseValid: true,
        isUpright: true,
        isPenalized: false,
        ballPosition: { x: 0, y: 0 },
        ballVelocity: { x: 0, y: 0 },
        ballAge: undefined,
        role: 2,
        timeToReachBall: 0,
      },
      0,
    );
    expect(payload[0]).toBe(0xff);
  });
});
