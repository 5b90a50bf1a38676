/**
 * @file SimRobot's robot-console commands that have nothing to act on in Pitchside (formats §1.4). They are
 * registered like every other command, so `help` lists them and completion offers their words, but running one
 * prints why it does not apply here instead of `Syntax Error`: joystick bindings (`jc`, `jm`, `js`) and the
 * joystick remote control (`rc`) need a joystick, which Pitchside does not read; `bc` colours the colour-space
 * views and `vic` binds commands to clicks in image views, and Pitchside's image view has neither.
 */
import { NotApplicableError } from '../startScriptSummary';
import type { RobotCommand } from './types';

/** A command that is known but refused with `reason`. */
function notApplicable(info: Omit<RobotCommand, 'scope' | 'forable' | 'run'>, reason: string): RobotCommand {
  return {
    ...info,
    scope: 'robot',
    forable: false,
    run() {
      throw new NotApplicableError(`${info.name}: ${reason}`);
    },
  };
}

const NO_JOYSTICK = 'Pitchside reads no joystick (SimRobot reads one through its OS joystick driver)';

/** The refused commands. */
export const NOT_APPLICABLE_COMMANDS: readonly RobotCommand[] = [
  notApplicable(
    {
      name: 'bc',
      usage: 'bc [<red%> [<green%> [<blue%>]]]',
      summary: 'Background colour of the colour-space views (not here: the image view has no colour-space views).',
    },
    "Pitchside's image view shows no colour-space sub-views, so there is no background to colour.",
  ),
  notApplicable(
    {
      name: 'jc',
      usage: 'jc hide | show | motion (1 | 2) <command> | (press | release) <button> <command>',
      summary: 'Joystick bindings (not here: Pitchside reads no joystick).',
      args: { args: [['hide', 'show', 'motion', 'press', 'release']] },
    },
    `${NO_JOYSTICK}, so there are no buttons or axes to bind commands to.`,
  ),
  notApplicable(
    {
      name: 'jm',
      usage: 'jm <axis> <button> <button>',
      summary: 'Map two joystick buttons onto an axis (not here: Pitchside reads no joystick).',
    },
    `${NO_JOYSTICK}, so there are no buttons to map onto an axis.`,
  ),
  notApplicable(
    {
      name: 'js',
      usage: 'js <axis> <maxSpeed> <threshold> [<center>]',
      summary: 'Joystick axis scaling and dead zone (not here: Pitchside reads no joystick).',
    },
    `${NO_JOYSTICK}, so there is no axis to scale.`,
  ),
  notApplicable(
    {
      name: 'rc',
      usage: 'rc (local <team> | remote <team> <broadcastIP>)',
      summary: 'Joystick remote control over UDP port 10100 + team (not here: Pitchside reads no joystick).',
      args: { args: [['local', 'remote']] },
    },
    `it sends the joystick's state (idJoystickState) to the robots; ${NO_JOYSTICK}, so there is nothing to send.`,
  ),
  notApplicable(
    {
      name: 'vic',
      usage: 'vic ? [<pattern>] | (all | <view>) [alt | noalt] [ctrl | noctrl] [shift | noshift] <command>',
      summary: 'Command run on a click in an image view (not here: the image view runs no commands on clicks).',
      args: {
        args: [
          ['?', 'all', { names: 'views' }],
          ['alt', 'noalt', 'ctrl', 'noctrl', 'shift', 'noshift'],
        ],
      },
    },
    "Pitchside's image view runs no console command on a click; its pixel tooltip shows the coordinates to type.",
  ),
];
