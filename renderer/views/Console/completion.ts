/**
 * @file Tab completion (formats §1.1): which names fit the word under the cursor (by the argument grammar the host
 * declares for each command), completed one section at a time (sections end at `:` or `/`), a common prefix
 * first, then Tab and Shift+Tab cycle through the candidates. Whenever several names fit, the result lists them,
 * so the command line can show what there is to choose from instead of cycling blindly.
 */
import type { ArgumentGrammar, ArgumentValue } from '@app/ipc/commandGrammar';
import type { CompletionSet } from '@app/ipc/messages';

/** The names an argument value stands for: the word itself, or every name of a set. */
function expand(values: readonly ArgumentValue[], set: CompletionSet): string[] {
  return values.flatMap((v) => (typeof v === 'string' ? [v] : set[v.names]));
}

/** The values that fit the next argument of a command, given the arguments typed so far, under its grammar. */
export function grammarValues(grammar: ArgumentGrammar | undefined, args: readonly string[]): readonly ArgumentValue[] {
  let g = grammar;
  let rest = args;
  while (g?.sub && rest.length > 0 && Object.hasOwn(g.sub, rest[0]!)) {
    g = g.sub[rest[0]!];
    rest = rest.slice(1);
  }
  if (!g) return [];
  const positions = g.args ?? [];
  const at = rest.length < positions.length ? positions[rest.length] : g.repeat ? positions.at(-1) : undefined;
  return rest.length === 0 && g.sub ? [...Object.keys(g.sub), ...(at ?? [])] : (at ?? []);
}

/** Names for the arguments after `args` of `command`, from the grammar the host declared for it. */
function argumentNames(command: string, args: readonly string[], set: CompletionSet): readonly string[] {
  return expand(grammarValues(Object.hasOwn(set.grammar, command) ? set.grammar[command] : undefined, args), set);
}

/** Names that fit the next word after `previous` (the complete words before the cursor). */
export function namesFor(previous: readonly string[], set: CompletionSet): readonly string[] {
  if (previous.length === 0) return set.commands;
  let command = previous[0]!;
  let args = previous.slice(1);
  if (command === 'for') {
    let i = 1;
    while (i < previous.length && set.threads.includes(previous[i]!)) i++;
    if (i === previous.length) return [...set.threads, ...(i > 1 ? set.forable : [])];
    command = previous[i]!;
    args = previous.slice(i + 1);
  }
  return argumentNames(command, args, set);
}

/** The candidates for `prefix`: each fitting name cut after its next section separator. Sorted, unique. */
export function sectionCandidates(prefix: string, names: readonly string[]): string[] {
  const lower = prefix.toLowerCase();
  const out = new Set<string>();
  for (const name of names) {
    if (!name.toLowerCase().startsWith(lower)) continue;
    let end = name.length;
    for (let i = prefix.length; i < name.length; i++) {
      if (name[i] === ':' || name[i] === '/') {
        end = i + 1;
        break;
      }
    }
    out.add(name.slice(0, end));
  }
  return [...out].sort((a, b) => a.localeCompare(b));
}

function commonPrefix(words: readonly string[]): string {
  let prefix = words[0] ?? '';
  for (const w of words) {
    let i = 0;
    while (i < prefix.length && i < w.length && prefix[i]!.toLowerCase() === w[i]!.toLowerCase()) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}

/** A line after completion. */
export interface Completed {
  readonly line: string;
  readonly cursor: number;
  /** Every name that fits when there is more than one (sorted), for the command line to show. */
  readonly candidates?: readonly string[];
  /** Which of `candidates` the line now holds (none after a common prefix was completed). */
  readonly selected?: number;
}

/** Completes the word under the cursor; remembers candidates so repeated Tabs cycle. */
export class TabCompleter {
  private cycle: { candidates: string[]; index: number; after: string; before: string; produced: string } | undefined;

  /** Forgets the cycle (call on any edit that was not a completion). */
  reset(): void {
    this.cycle = undefined;
  }

  /** The completed line, or undefined when nothing fits. */
  complete(line: string, cursor: number, set: CompletionSet, backwards = false): Completed | undefined {
    const cycle = this.cycle;
    if (cycle && cycle.produced === line) {
      const n = cycle.candidates.length;
      cycle.index = (cycle.index + (backwards ? n - 1 : 1)) % n;
      return this.produce(cycle.before, cycle.candidates[cycle.index]!, cycle.after, cycle.candidates, cycle.index);
    }
    this.cycle = undefined;
    const head = line.slice(0, cursor);
    const start = head.search(/\S*$/);
    const word = head.slice(start);
    const previous = head
      .slice(0, start)
      .split(/\s+/)
      .filter((w) => w !== '');
    const names = namesFor(previous, set);
    const candidates = sectionCandidates(word, names);
    if (candidates.length === 0) return undefined;
    const before = line.slice(0, start);
    const after = line.slice(cursor);
    if (candidates.length === 1) {
      const only = candidates[0]!;
      const finished = names.includes(only) && !after.startsWith(' ');
      return this.produce(before, finished ? `${only} ` : only, after);
    }
    const common = commonPrefix(candidates);
    if (common.length > word.length)
      return this.produce(before, candidates[0]!.slice(0, common.length), after, candidates);
    const index = backwards ? candidates.length - 1 : 0;
    const result = this.produce(before, candidates[index]!, after, candidates, index);
    this.cycle = { candidates, index, after, before, produced: result.line };
    return result;
  }

  private produce(
    before: string,
    text: string,
    after: string,
    candidates?: readonly string[],
    selected?: number,
  ): Completed {
    const line = before + text + after;
    if (this.cycle) this.cycle.produced = line;
    return {
      line,
      cursor: before.length + text.length,
      ...(candidates ? { candidates } : {}),
      ...(selected !== undefined ? { selected } : {}),
    };
  }
}
