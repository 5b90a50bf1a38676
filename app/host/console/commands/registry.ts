/**
 * @file The commands every robot console understands.
 */
import { getCommand, setCommand } from './debugData';
import { drCommand, pollCommand } from './debugRequest';
import { vfCommand, vfdCommand, viCommand, vidCommand } from './drawingViews';
import { clsCommand, echoCommand, msgCommand } from './messages';
import { mrCommand } from './moduleRequest';
import { vpCommand, vpdCommand } from './plotViews';
import type { RobotCommand } from './types';

/** All robot-console commands. */
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
  echoCommand,
  clsCommand,
];
