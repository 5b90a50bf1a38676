import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryConnection } from '../console/RobotConnection';
import { RobotConsole } from '../console/RobotConsole';
import type { StreamEvent } from '../../ipc/messages';
import { StreamSubscriptions } from './StreamSubscriptions';

describe('StreamSubscriptions', () => {
  let robot: RobotConsole;
  let delivered: StreamEvent[];
  let streams: StreamSubscriptions;

  beforeEach(() => {
    vi.useFakeTimers();
    robot = new RobotConsole('nao', new MemoryConnection());
    delivered = [];
    streams = new StreamSubscriptions((e) => delivered.push(e));
  });
  afterEach(() => {
    streams.close();
    vi.useRealTimers();
  });

  it('coalesces a representation to its newest value per flush and filters by key', () => {
    const id = streams.subscribe(robot, { robot: 'nao', stream: 'representation', key: 'BallModel' });
    robot.events.emit('representation', { thread: 'Cognition', name: 'BallModel', text: 'a' });
    robot.events.emit('representation', { thread: 'Cognition', name: 'BallModel', text: 'b' });
    robot.events.emit('representation', { thread: 'Cognition', name: 'RobotPose', text: 'x' });
    vi.advanceTimersByTime(50);
    expect(delivered).toEqual([{ subscription: id, robot: 'nao', data: { kind: 'representation', thread: 'Cognition', name: 'BallModel', text: 'b' } }]);
  });

  it('keeps every text line', () => {
    streams.subscribe(robot, { robot: 'nao', stream: 'text' });
    robot.events.emit('text', { thread: 'Cognition', text: 'one' });
    robot.events.emit('text', { thread: 'Cognition', text: 'two' });
    vi.advanceTimersByTime(50);
    expect(delivered.map((e) => (e.data.kind === 'text' ? e.data.text : ''))).toEqual(['one', 'two']);
  });

  it('stops delivering after unsubscribe and when the robot goes away', () => {
    const id = streams.subscribe(robot, { robot: 'nao', stream: 'representation' });
    robot.events.emit('representation', { thread: 'T', name: 'A', text: '1' });
    expect(streams.unsubscribe(id)).toBe(true);
    expect(streams.unsubscribe(id)).toBe(false);
    streams.subscribe(robot, { robot: 'nao', stream: 'representation' });
    streams.dropRobot('nao');
    robot.events.emit('representation', { thread: 'T', name: 'A', text: '2' });
    vi.advanceTimersByTime(100);
    expect(delivered).toEqual([]);
  });
});
