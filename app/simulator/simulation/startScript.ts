/**
 * @file The parts of a scene's start script (`<scene>.con`, formats §1.2) that decide how the simulation runs:
 * module requests (`mr`, per selected robot; also B-Human's `for <thread>… mr …`), and the simulation commands
 * (`ar`, `dt`, `st`, `ci`, `gc`, network settings). They are applied before the first step, so a scene runs the same headless and in the IDE,
 * and from its very first frame in the scene's configuration. View commands (`vi`, `vf`, …) are left to the
 * console, which runs the whole script again when it attaches (repeating an `mr` changes nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseLine, type ConsoleLine } from '@app/ipc/consoleLine';

/** One line for the simulation, with the robots selected when it appeared. */
export interface StartScriptLine {
  /** The line, parsed by the console's tokenizer (for `for <thread>… mr …`, the whole line). */
  line: ConsoleLine;
  /** What the simulation applies: `mr` or a simulation command's word. */
  word: string;
  /** `mr` only: the request's words (`<rep> <module>`, with `for <thread>` for B-Human's prefix form). */
  request?: readonly string[];
  /** Robot names selected by `robot` at this point (all robots unless the script selected some). */
  robots: readonly string[];
  file: string;
  lineNumber: number;
}

/** Commands the simulation itself applies from a start script. */
const SIMULATION_WORDS = new Set(['mr', 'ar', 'dt', 'st', 'ci', 'gc', 'net']);
const MAX_NESTING = 10;

/** The start script of a scene file (same folder and base name, `.con`), or undefined if there is none. */
export function startScriptOf(sceneFile: string): string | undefined {
  const file = sceneFile.replace(/\.[^./\\]+$/, '') + '.con';
  return fs.existsSync(file) ? file : undefined;
}

/**
 * The simulation lines of `file` (following `call`), in order. `robotNames` are all robots of the scene;
 * `robot teamA|teamB|all|<names>` changes the selection the following `mr` lines apply to.
 */
export function readStartScript(
  file: string,
  robotNames: readonly string[],
  readText: (f: string) => string | undefined = readIfExists,
): { lines: StartScriptLine[]; errors: string[] } {
  const lines: StartScriptLine[] = [];
  const errors: string[] = [];
  let selection: readonly string[] = robotNames;
  const numberOf = (name: string): number => Number(/\d+$/.exec(name)?.[0] ?? 0);

  const run = (current: string, depth: number): void => {
    if (depth > MAX_NESTING) {
      errors.push(`${current}: Nesting Error`);
      return;
    }
    const text = readText(current);
    if (text === undefined) {
      errors.push(`cannot read script ${current}`);
      return;
    }
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = parseLine(raw);
      const words = line.tokens.map((t) => t.text);
      const word = words[0];
      const at = { line, robots: selection, file: current, lineNumber: i + 1 };
      if (word === undefined) return; // empty or a comment
      if (word === 'call') {
        const [first, second] = words
          .slice(1)
          .map((w) => path.resolve(path.dirname(current), /\.[^./\\]+$/.test(w) ? w : `${w}.con`));
        const target = second !== undefined && readText(second) !== undefined ? second : first;
        if (target) run(target, depth + 1);
      } else if (word === 'robot') {
        const args = words.slice(1);
        if (args.length === 1 && args[0] === 'all') selection = robotNames;
        else if (args.length === 1 && (args[0] === 'teamA' || args[0] === 'teamB'))
          selection = robotNames.filter((n) => numberOf(n) <= 20 === (args[0] === 'teamA'));
        else if (args.every((a) => robotNames.includes(a))) selection = args;
      } else if (word === 'for') {
        // B-Human's prefix form `for <thread>… mr <rep> <module>`: one `mr … for <thread>` per thread.
        const mr = words.indexOf('mr');
        const request = words.slice(mr + 1);
        for (const thread of mr > 1 ? words.slice(1, mr) : [])
          lines.push({ ...at, word: 'mr', request: [...request, 'for', thread] });
      } else if (word === 'mr') lines.push({ ...at, word, request: words.slice(1) });
      else if (SIMULATION_WORDS.has(word)) lines.push({ ...at, word });
    });
  };
  run(file, 0);
  return { lines, errors };
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Start-script lines Pitchside cannot apply because they name a module, representation or thread it lacks
 * (B-Human's scripts name many): reported once per name in a short summary instead of once per line. Other
 * refusals are reported line by line.
 */
export class LackingSummary {
  private readonly names = new Map<string, Set<string>>();
  private readonly others: string[] = [];
  private skipped = 0;

  /** Records a refused line (where it is) and the reason. */
  refused(line: Pick<StartScriptLine, 'file' | 'lineNumber'>, reason: string): void {
    const unknown = /^Unknown (representation|module|thread) (\S+)/.exec(reason);
    if (!unknown) {
      this.others.push(`${line.file}:${line.lineNumber}: ${reason}`);
      return;
    }
    this.skipped++;
    const kind = `${unknown[1]}s`;
    if (!this.names.has(kind)) this.names.set(kind, new Set());
    this.names.get(kind)!.add(unknown[2]!);
  }

  /** The report: the line-by-line refusals, then one summary line. */
  report(): string[] {
    const lines = [...this.others];
    if (this.skipped > 0) {
      const parts = [...this.names].map(([kind, names]) => `${kind}: ${[...names].sort().join(', ')}`);
      const requests = `${this.skipped} module request${this.skipped === 1 ? '' : 's'}`;
      lines.push(`start script: skipped ${requests} naming what Pitchside lacks (${parts.join('; ')})`);
    }
    return lines;
  }
}
