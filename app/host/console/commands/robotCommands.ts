/**
 * @file The robot area: the commands every robot console understands (formats §1.4), whatever the robot is
 * (simulated, remote, replayed). Other areas (simulation, log) add their robot commands from their own files.
 */
import { getCommand, setCommand } from './debugData';
import { drCommand, pollCommand } from './debugRequest';
import { vfCommand, vfdCommand, viCommand, vidCommand } from './drawingViews';
import { msgCommand } from './messages';
import { mrCommand } from './moduleRequest';
import { NOT_APPLICABLE_COMMANDS } from './notApplicable';
import { vpCommand, vpdCommand } from './plotViews';
import { markCommand } from './markImages';
import { siCommand } from './saveImage';
import { CommandSyntaxError, type RobotCommand } from './types';

/** Usage of `for`; the console parses the prefix itself (it needs the thread names the robot announced). */
export const FOR_USAGE = 'for <thread> {<thread>} (dr | get | mr | set | si | vf | vi | vp) …';

/** `for <thread>… <command>`: described here for `help`; RobotConsole strips the prefix before dispatching. */
export const forCommand: RobotCommand = {
  name: 'for',
  scope: 'robot',
  forable: false,
  usage: FOR_USAGE,
  summary: 'Run a command for specific threads only.',
  run() {
    throw new CommandSyntaxError(FOR_USAGE);
  },
};

/** All robot-console commands of the robot area. */
export const ROBOT_COMMANDS: readonly RobotCommand[] = [
  drCommand,
  pollCommand,
  getCommand,
  setCommand,
  mrCommand,
  vfCommand,
  vfdCommand,
  viCommand,
  vidCommand,
  vpCommand,
  vpdCommand,
  msgCommand,
  siCommand,
  markCommand,
  forCommand,
  ...NOT_APPLICABLE_COMMANDS,
];
