/**
 * @file `dr` (switch debug requests) and `poll` (ask the robot again what it offers).
 */
import { RequestNames } from '@robot-runtime/protocol/debugMessages/requestNames';
import { CommandSyntaxError, type RobotCommand } from './types';

const DR_USAGE = 'dr ? [<pattern>] | off | <key> [on | off]';

/** `dr ? [<pattern>] | off | <key> [on | off]` (formats §1.4). */
export const drCommand: RobotCommand = {
  name: 'dr',
  scope: 'robot',
  usage: DR_USAGE,
  summary: 'List, switch on or off a debug request; off sends disableAll.',
  args: {
    args: [
      ['?', 'off', { names: 'debugRequests' }],
      ['on', 'off'],
    ],
  },
  forable: true,
  run(args, ctx) {
    const { console } = ctx;
    const first = args.next();
    if (first === undefined) throw new CommandSyntaxError(DR_USAGE);
    if (first === '?') {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(DR_USAGE);
      if (console.need('requests') === 'wait') return 'wait';
      const names = console.model.requests
        .all()
        .filter((r) => !ctx.threads || r.threads.some((t) => ctx.threads!.includes(t)))
        .map((r) => r.translated)
        .filter((n) => matches(n, pattern));
      console.print(
        names.length > 0 ? names.join('\n') : pattern ? `No debug request matches '${pattern}'.` : 'No debug requests.',
      );
      return 'done';
    }
    if (first === 'off' && args.done) {
      console.sendDebugRequest(RequestNames.disableAll, true, ctx.threads);
      console.model.requests.disableAll();
      return 'done';
    }
    const state = args.next() ?? 'on';
    if ((state !== 'on' && state !== 'off') || !args.done) throw new CommandSyntaxError(DR_USAGE);
    if (console.need('requests') === 'wait') return 'wait';
    console.switchRequest(first, state === 'on', ctx.threads);
    return 'done';
  },
};

/** `poll`: a fresh round of polling (new modules may announce new requests and drawings). */
export const pollCommand: RobotCommand = {
  name: 'poll',
  scope: 'robot',
  usage: 'poll',
  summary: 'Poll debug requests, type info, module table and drawing managers again.',
  forable: false,
  run(args, ctx) {
    if (!args.done) throw new CommandSyntaxError('poll');
    ctx.console.poll();
    return 'done';
  },
};

/** Case-insensitive substring match (formats §1.1 listing filter). */
export function matches(name: string, pattern: string | undefined): boolean {
  return pattern === undefined || name.toLowerCase().includes(pattern.toLowerCase());
}
