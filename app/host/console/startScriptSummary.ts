/**
 * @file What a start script names that Pitchside lacks, told once per scene load. B-Human's scripts name hundreds of
 * representations, modules and debug requests this program does not have, and bind joystick buttons it cannot
 * read; every robot console refuses each such line, so GameFast's script alone made 1,037 console lines (784
 * "Unknown representation …", 182 identical joystick refusals) that buried everything else. While a start script
 * runs, the robot consoles hand these refusals to one summary instead, which prints, once every robot has finished
 * the script, one line per kind: how many lines were refused and each name once. A refusal every robot gives alike
 * (a module request that would break the configuration they share, a joystick binding) prints once too, with the
 * number of lines. Other errors still print at once.
 */
import { CommandError } from './commands/types';

/** A refusal every robot gives alike: a start script's summary prints it once, with how often it came. */
export class RepeatedRefusal extends CommandError {
  constructor(message: string) {
    super(message);
    this.name = 'RepeatedRefusal';
  }
}

/** A refusal of a command that has nothing to act on here (a joystick binding, …): one message, however often. */
export class NotApplicableError extends RepeatedRefusal {
  constructor(message: string) {
    super(message);
    this.name = 'NotApplicableError';
  }
}

/** Refusals that name something this program lacks: the kind (plural, for the summary) and the name. */
const UNKNOWN_KINDS = [
  'representation',
  'module',
  'thread',
  'debug request',
  'debug data',
  'drawingOnField drawing',
  'drawingOnImage drawing',
  'image',
  'plot',
];
const UNKNOWN_NAME = new RegExp(`^Unknown (${UNKNOWN_KINDS.join('|')}):? (\\S+)`);

/** `n word` or `n words`. */
const countOf = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One kind of refusal: how many lines, and the names in the order they first came. */
interface Tally {
  lines: number;
  names: Set<string>;
}

/** The summary of one start script run by a set of robot consoles. */
export class StartScriptSummary {
  private readonly pending: Set<string>;
  private readonly unknown = new Map<string, Tally>();
  private readonly repeated = new Map<string, number>();

  /** `robots` run the script; `print` gets the summary lines once the last of them has finished it. */
  constructor(
    robots: readonly string[],
    private readonly print: (line: string) => void,
  ) {
    this.pending = new Set(robots);
  }

  /** Takes a refusal into the summary; false when it is another error, which the console prints itself. */
  absorb(error: CommandError): boolean {
    const unknown = UNKNOWN_NAME.exec(error.message);
    if (!unknown) {
      if (!(error instanceof RepeatedRefusal)) return false;
      this.repeated.set(error.message, (this.repeated.get(error.message) ?? 0) + 1);
      return true;
    }
    const kind = unknown[1]!;
    let tally = this.unknown.get(kind);
    if (!tally) this.unknown.set(kind, (tally = { lines: 0, names: new Set() }));
    tally.lines++;
    tally.names.add(unknown[2]!.replace(/,$/, ''));
    return true;
  }

  /** `robot` has run its last script line; the summary prints when every robot has. */
  finished(robot: string): void {
    if (!this.pending.delete(robot) || this.pending.size > 0) return;
    for (const line of this.report()) this.print(line);
  }

  /** The summary lines: per unknown kind its line count and names, per refusal its text and count. */
  report(): string[] {
    const lines: string[] = [];
    for (const [kind, { lines: count, names }] of this.unknown) {
      const plural = `Unknown ${kind}${kind.endsWith('s') ? '' : 's'}`;
      const counted = `${countOf(count, 'line')}, ${countOf(names.size, 'name')}`;
      lines.push(`${plural} (${counted}): ${[...names].join(', ')}`);
    }
    // The count goes on a message's first line: a refused module request lists what it would break below.
    for (const [message, count] of this.repeated)
      lines.push(count === 1 ? message : message.replace(/^.*/, (first) => `${first} (${count} lines)`));
    return lines;
  }
}
