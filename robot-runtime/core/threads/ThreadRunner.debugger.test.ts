import { describe, expect, it } from 'vitest';
import { ManualClock } from '../Clock';
import { decode } from '../../protocol/binary';
import { ThreadDebugger } from '../debug/ThreadDebugger';
import { request } from '../debug/testHelpers';
import { RobotProgram } from './RobotProgram';
import { ToyPercept, toyConfiguration, toyModules } from './testing/toyRobot';

describe('ThreadRunner with the ThreadDebugger', () => {
  it('sends a representation only while it is requested', () => {
    const clock = new ManualClock();
    const robot = new RobotProgram({
      modules: toyModules,
      configuration: toyConfiguration(),
      clock,
      createDebugger: (threadName) => new ThreadDebugger({ clock, threadName }),
      messageIdFor: (rep) => (rep === 'ToyPercept' ? 60 : undefined),
    });
    const upper = robot.thread('Upper')!;
    expect(upper.runFrame()).toEqual([]);
    upper.debugger.handle(request('representation:ToyPercept'));
    const messages = upper.runFrame().filter((m) => m.id === 60);
    expect(messages).toHaveLength(1);
    expect(decode(ToyPercept, messages[0]!.payload)).toEqual(upper.blackboard.get('ToyPercept'));
    upper.debugger.handle(request('representation:ToyPercept', false));
    expect(upper.runFrame().filter((m) => m.id === 60)).toEqual([]);
  });
});
