import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryConnection } from '@robot-runtime/protocol/link/RobotConnection';
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

  it('coalesces a field view’s drawings to the newest per flush and filters by view', () => {
    robot.execute('vf field');
    robot.execute('vf other');
    const id = streams.subscribe(robot, { robot: 'nao', stream: 'drawings', key: 'field' });
    robot.events.emit('frame', { thread: 'Cognition' });
    robot.events.emit('frame', { thread: 'Cognition' });
    vi.advanceTimersByTime(50);
    expect(delivered).toEqual([
      { subscription: id, robot: 'nao', data: { kind: 'drawings', view: 'field', drawings: [] } },
    ]);
  });

  it('keeps every text line', () => {
    streams.subscribe(robot, { robot: 'nao', stream: 'text' });
    robot.events.emit('text', { thread: 'Cognition', text: 'one' });
    robot.events.emit('text', { thread: 'Cognition', text: 'two' });
    vi.advanceTimersByTime(50);
    expect(delivered.map((e) => (e.data.kind === 'text' ? e.data.text : ''))).toEqual(['one', 'two']);
  });

  it('stops delivering after unsubscribe and when the robot goes away', () => {
    const id = streams.subscribe(robot, { robot: 'nao', stream: 'text' });
    robot.events.emit('text', { thread: 'T', text: '1' });
    expect(streams.unsubscribe(id)).toBe(true);
    expect(streams.unsubscribe(id)).toBe(false);
    streams.subscribe(robot, { robot: 'nao', stream: 'text' });
    streams.dropRobot('nao');
    robot.events.emit('text', { thread: 'T', text: '2' });
    vi.advanceTimersByTime(100);
    expect(delivered).toEqual([]);
  });
});
