import { describe, expect, it } from 'vitest';
import { encode } from '@robot-runtime/protocol/binary';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { MemoryConnection } from '@robot-runtime/protocol/link/RobotConnection';
import { RobotConsole } from '../../console/RobotConsole';
import { ImageFrames } from './imageFrames';

describe('ImageFrames', () => {
  it('answers the latest camera image once, then nothing until a new one arrives', () => {
    const robot = new RobotConsole('robot1', new MemoryConnection());
    const frames = new ImageFrames();
    expect(frames.frame(robot, { robot: 'robot1', view: 'upper' }).notice).toMatch(/no image view/);
    robot.model.views.addImageView({ name: 'upper', image: 'CameraImage', thread: 'Upper', gain: 1, ddScale: 1 });
    expect(frames.frame(robot, { robot: 'robot1', view: 'upper' }).notice).toMatch(/Waiting/);
    const pixels = new Uint8Array(4 * 2 * 2).fill(7);
    const set = (): void => {
      let byId = robot.model.latestData.get('Upper');
      if (!byId) robot.model.latestData.set('Upper', (byId = new Map()));
      // 4 columns are 2 YUYV pixel pairs, as B-Human counts the width.
      byId.set(MessageID.idCameraImage, encode(CameraImage, { width: 2, height: 2, timestamp: 12, image: pixels }));
    };
    set();
    const first = frames.frame(robot, { robot: 'robot1', view: 'upper' }).frame!;
    expect(first).toMatchObject({ width: 4, height: 2, format: 'yuyv', thread: 'Upper', timestamp: 12 });
    expect(Buffer.from(first.data)).toEqual(Buffer.from(pixels));
    expect(frames.frame(robot, { robot: 'robot1', view: 'upper', after: first.seq })).toEqual({});
    set();
    expect(frames.frame(robot, { robot: 'robot1', view: 'upper', after: first.seq }).frame!.seq).toBeGreaterThan(
      first.seq,
    );
  });

  it('says why an image stamped 0 is black: the robot has no camera', () => {
    const robot = new RobotConsole('nao', new MemoryConnection());
    const frames = new ImageFrames();
    robot.model.views.addImageView({ name: 'upper', image: 'CameraImage', thread: 'Upper', gain: 1, ddScale: 1 });
    robot.model.latestData.set(
      'Upper',
      new Map([
        [
          MessageID.idCameraImage,
          encode(CameraImage, { width: 2, height: 2, timestamp: 0, image: new Uint8Array(16) }),
        ],
      ]),
    );
    const answer = frames.frame(robot, { robot: 'nao', view: 'upper' });
    expect(answer.frame).toBeDefined();
    expect(answer.notice).toMatch(/empty \(t=0\).*no camera/);
    expect(frames.frame(robot, { robot: 'nao', view: 'upper', after: answer.frame!.seq }).notice).toMatch(/no camera/);
  });
});
