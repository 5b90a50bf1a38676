/**
 * @file `msg`: what happens to the text messages a robot sends.
 */
import { hasExtension } from '../files';
import { CommandError, CommandSyntaxError, type RobotCommand } from './types';

const MSG_USAGE = 'msg off | on | log <file> | enable | disable';

/** `msg off | on | log <file> | enable | disable`. */
export const msgCommand: RobotCommand = {
  name: 'msg',
  scope: 'robot',
  usage: MSG_USAGE,
  summary: 'Show, hide or log text messages from the robot; disable ignores all messages.',
  args: { args: [['on', 'off', 'log', 'enable', 'disable']] },
  forable: false,
  run(args, ctx) {
    const { console } = ctx;
    const mode = args.next();
    switch (mode) {
      case 'on':
      case 'off':
        if (!args.done) throw new CommandSyntaxError(MSG_USAGE);
        console.printMessages = mode === 'on';
        return 'done';
      case 'enable':
      case 'disable':
        if (!args.done) throw new CommandSyntaxError(MSG_USAGE);
        console.messagesDisabled = mode === 'disable';
        return 'done';
      case 'log': {
        const file = args.next();
        if (file === undefined || !args.done) throw new CommandSyntaxError(MSG_USAGE);
        if (!console.files) throw new CommandError('Error: this console cannot write files');
        console.messageLog = hasExtension(file) ? file : `${file}.txt`;
        return 'done';
      }
      default:
        throw new CommandSyntaxError(MSG_USAGE);
    }
  },
};
