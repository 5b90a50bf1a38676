/**
 * @file The arguments of `test` (formats §1.3) as a typed test: `test game <runs> [<con>] [rt] [q]` plays whole
 * games; `test situation <runs> <timeout> [<con>] [fuz <axis> <deviation> …] [rt] [q] <target expression>` runs a
 * scene from a start script until a target expression (B-Human's 2025 grammar: targets joined by `&`, `|`, `not`
 * and parentheses) holds or `timeout` simulated seconds passed, each run from start poses fuzzed with the run's
 * seed. Parsing is separate from running so that the IDE's console and `npm run sim --
 * --test` read the same grammar.
 */

/** Axes `fuz` may disturb: positions (mm) and rotations (degrees). */
export const FUZZ_AXES = ['all', 'pos', 'rot', 'x', 'y', 'z', 'rotx', 'roty', 'rotz'] as const;
export type FuzzAxis = (typeof FUZZ_AXES)[number];

/** Named zones; an `A` or `B` suffix narrows one to the end of that team, none means either end. */
export const ZONE_NAMES = ['fieldHalf', 'centerCircle', 'penaltyArea', 'goalArea'] as const;
export type ZoneName = (typeof ZONE_NAMES)[number];

/** A rectangle of the field (field frame, mm) or a named zone. */
export type Zone =
  | { readonly kind: 'rect'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number }
  | { readonly kind: 'named'; readonly name: ZoneName; readonly team: 'A' | 'B' | undefined };

/** Comparisons of `budget`. */
export const BUDGET_OPERATORS = ['<', '>', '<=', '>='] as const;
export type BudgetOperator = (typeof BUDGET_OPERATORS)[number];

/** The target words of `test situation`. */
export const TARGET_WORDS = [
  'ballInZone',
  'goalTeamA',
  'goalTeamB',
  'penalized',
  'robotTouch',
  'robotInZone',
  'teamPossession',
  'budget',
  'robotInSkill',
] as const;

/** What ends a situation run successfully. */
export type TestTarget =
  | { readonly kind: 'ballInZone'; readonly zone: Zone }
  | { readonly kind: 'goalTeamA' }
  | { readonly kind: 'goalTeamB' }
  | { readonly kind: 'penalized'; readonly robot: string }
  | { readonly kind: 'robotTouch'; readonly robot: string }
  | { readonly kind: 'robotInZone'; readonly zone: Zone; readonly robot: string }
  | { readonly kind: 'teamPossession'; readonly team: 'A' | 'B' }
  | { readonly kind: 'budget'; readonly team: 'A' | 'B'; readonly op: BudgetOperator; readonly value: number }
  | { readonly kind: 'robotInSkill'; readonly skill: string; readonly robot: string };

/** One disturbance of the start poses: a normal deviation on an axis. */
export interface Fuzz {
  readonly axis: FuzzAxis;
  /** Standard deviation: mm for positions, degrees for rotations. */
  readonly deviation: number;
}

/**
 * Largest `fuz` deviation of an axis that moves robots (mm): a standard deviation as long as the field already
 * puts most runs off the carpet, and a bound keeps noise like `1e308` from reaching the physics as Infinity.
 */
export const MAX_FUZZ_MM = 10000;

/** Largest `fuz` deviation of a rotation axis (degrees): beyond one turn, more noise changes nothing. */
export const MAX_FUZZ_DEG = 360;

/** Whether `axis` disturbs rotations only (its deviation is in degrees). */
const rotationOnly = (axis: FuzzAxis): boolean => axis.startsWith('rot');

/**
 * A boolean expression over targets (B-Human's 2025 grammar): `not` binds tightest, then `&`, then `|`;
 * parentheses group, e.g. `goalTeamA & not (penalized robot1)`.
 */
export type TargetExpression =
  | { readonly op: 'target'; readonly target: TestTarget }
  | { readonly op: 'not'; readonly operand: TargetExpression }
  | { readonly op: 'and' | 'or'; readonly operands: readonly TargetExpression[] };

/** A parsed `test game` or `test situation`. */
export interface TestSpec {
  readonly kind: 'game' | 'situation';
  /** Number of runs (1..1000). */
  readonly runs: number;
  /** Simulated seconds a situation run may last. */
  readonly timeout: number | undefined;
  /** The start script of every run, as typed (resolved against the scene's folder). */
  readonly conFile: string | undefined;
  readonly fuzz: readonly Fuzz[];
  /** `rt`: run in real time instead of as fast as possible. */
  readonly realTime: boolean;
  /** `q`: quit when done (the headless runner exits; the IDE stays). */
  readonly quit: boolean;
  /** What ends a situation run successfully. */
  readonly target: TargetExpression | undefined;
}

/** What a `test` line asks for. */
export type TestCommand = { readonly kind: 'help' } | { readonly kind: 'stop' } | TestSpec;

/** The usage of `test`. */
export const TEST_USAGE =
  'test help | stop | game <numRuns> [[con] <conFile>] [rt] [q] | situation <numRuns> <runTimeout> ' +
  '[[con] <conFile>] [fuz (all|pos|rot|x|y|z|rotx|roty|rotz) <deviation> …] [rt] [q] <target expression>';

/** What `test help` prints. */
export const TEST_HELP = `${TEST_USAGE}
  game: play <numRuns> whole games; situation: run until <target expression> or <runTimeout> simulated seconds.
  <conFile>: script run after the scene's own (.con added, relative to the scene's folder); B-Human writes con <file>.
  fuz <axis> <deviation>: normal noise on the robots' start poses (mm up to ${MAX_FUZZ_MM}, degrees up to ${MAX_FUZZ_DEG}),
    seeded per run, added to the poses the script set.
  rt: real time instead of as fast as possible; q: quit when done (headless).
  The target expression may also come right after <runTimeout> (B-Human's order). It combines targets with
    not, & and | (in that precedence) and parentheses, e.g. goalTeamA & not (penalized robot1).
  Targets: ballInZone <zone> | goalTeamA | goalTeamB | penalized <robot> | robotTouch <robot> |
    robotInZone <zone> <robot> | teamPossession teamA|teamB | budget teamA|teamB (<|>|<=|>=) <value> |
    robotInSkill <activity> <robot>  (activities of BehaviorStatus, e.g. kick, goToBall)
  Zones: <x1> <y1> <x2> <y2> (mm, field frame) | fieldHalf|centerCircle|penaltyArea|goalArea [+A|B].
  Each run is recorded, one log per robot; the Test Runs view lists the runs and opens their logs.`;

/** Most runs one test may have (each records logs). */
export const MAX_RUNS = 1000;

/** Most targets and operators one expression may have: far beyond any real test, and it bounds the recursion. */
export const MAX_EXPRESSION_TOKENS = 200;

/** A malformed `test` line; the message says what is wrong. */
export class TestSpecError extends Error {}

const finite = (word: string | undefined): number | undefined =>
  word !== undefined && word.trim() !== '' && Number.isFinite(Number(word)) ? Number(word) : undefined;

/** Splits parentheses, `&` and `|` off the words they were typed against (`(penalized` → `(`, `penalized`). */
function splitOperators(words: readonly string[]): string[] {
  return words.flatMap((word) => word.split(/([()&|])/).filter((part) => part !== ''));
}

/** Whether `word` can begin a target expression. */
const startsExpression = (word: string): boolean =>
  word === 'not' || word === '(' || (TARGET_WORDS as readonly string[]).includes(word);

/** Reads the tokens after `test`; throws TestSpecError. */
export function parseTestCommand(words: readonly string[]): TestCommand {
  const tokens = splitOperators(words);
  const take = (what: string): string => {
    const word = tokens.shift();
    if (word === undefined) throw new TestSpecError(`missing ${what}`);
    return word;
  };
  const kind = take('help, stop, game or situation');
  if (kind === 'help' || kind === 'stop') {
    if (tokens.length) throw new TestSpecError(`test ${kind} takes no arguments`);
    return { kind };
  }
  if (kind !== 'game' && kind !== 'situation') throw new TestSpecError(`unknown test kind '${kind}'`);
  const runs = finite(take('<numRuns>'));
  if (runs === undefined || !Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS)
    throw new TestSpecError(`<numRuns> must be a whole number from 1 to ${MAX_RUNS}`);
  let timeout: number | undefined;
  if (kind === 'situation') {
    timeout = finite(take('<runTimeout>'));
    if (timeout === undefined || timeout <= 0 || timeout > 3600)
      throw new TestSpecError('<runTimeout> must be simulated seconds above 0 and at most 3600');
  }
  let conFile: string | undefined;
  const fuzz: Fuzz[] = [];
  let realTime = false;
  let quit = false;
  let target: TargetExpression | undefined;
  // Options and the target expression come in either order: B-Human's corpus writes the target first
  // (`goalTeamA con Tests/X.con fuz x 100`), Pitchside's console last (`Corner fuz pos 200 goalTeamA`).
  for (let first = true; tokens.length; first = false) {
    const word = tokens[0]!;
    if (word === 'rt' || word === 'q') {
      tokens.shift();
      if (word === 'rt') realTime = true;
      else quit = true;
    } else if (word === 'con') {
      tokens.shift();
      if (conFile !== undefined) throw new TestSpecError('one start script only');
      conFile = take('the start script after con');
    } else if (word === 'fuz') {
      if (kind === 'game') throw new TestSpecError('fuz applies to test situation only');
      tokens.shift();
      do fuzz.push(parseFuzz(take));
      while (tokens.length && (FUZZ_AXES as readonly string[]).includes(tokens[0]!));
    } else if (kind === 'situation' && target === undefined && startsExpression(word)) {
      target = parseExpression(tokens, take);
    } else if (first && conFile === undefined && word !== '&' && word !== '|' && word !== ')') {
      conFile = take('<conFile>');
    } else if (target !== undefined) {
      throw new TestSpecError(`unexpected '${tokens.join(' ')}' after the target`);
    } else if (kind === 'situation' && target === undefined && word !== '&' && word !== '|' && word !== ')') {
      throw new TestSpecError(`unknown target '${word}' (${TARGET_WORDS.join(', ')})`);
    } else throw new TestSpecError(`unexpected '${tokens.join(' ')}'`);
  }
  if (kind === 'situation' && target === undefined)
    throw new TestSpecError(`missing a target (${TARGET_WORDS.join(', ')})`);
  return { kind, runs, timeout, conFile, fuzz, realTime, quit, target };
}

function parseFuzz(take: (what: string) => string): Fuzz {
  const axis = take('a fuzz axis');
  if (!(FUZZ_AXES as readonly string[]).includes(axis))
    throw new TestSpecError(`unknown fuzz axis '${axis}' (${FUZZ_AXES.join(', ')})`);
  const text = take('a deviation');
  const deviation = finite(text);
  const [max, unit] = rotationOnly(axis as FuzzAxis) ? [MAX_FUZZ_DEG, '°'] : [MAX_FUZZ_MM, ' mm'];
  if (deviation === undefined || deviation < 0 || deviation > max)
    throw new TestSpecError(`the deviation of fuz ${axis} must be a number from 0 to ${max}${unit}, not '${text}'`);
  return { axis: axis as FuzzAxis, deviation };
}

/**
 * Reads a target expression from the front of `tokens` by precedence climbing (or → and → not → primary) and
 * stops at the first word that cannot continue it, so that options may follow.
 */
function parseExpression(tokens: string[], take: (what: string) => string): TargetExpression {
  let budget = MAX_EXPRESSION_TOKENS;
  const spend = () => {
    if (--budget < 0) throw new TestSpecError(`a target expression may have at most ${MAX_EXPRESSION_TOKENS} parts`);
  };
  const sequence = (op: 'and' | 'or', symbol: string, next: () => TargetExpression): TargetExpression => {
    const operands = [next()];
    while (tokens[0] === symbol) {
      tokens.shift();
      spend();
      operands.push(next());
    }
    return operands.length === 1 ? operands[0]! : { op, operands };
  };
  const or = (): TargetExpression => sequence('or', '|', and);
  const and = (): TargetExpression => sequence('and', '&', unary);
  const unary = (): TargetExpression => {
    spend();
    const word = tokens[0];
    if (word === 'not') {
      tokens.shift();
      return { op: 'not', operand: unary() };
    }
    if (word === '(') {
      tokens.shift();
      const inner = or();
      if (take("')'") !== ')') throw new TestSpecError("expected ')' to close '('");
      return inner;
    }
    return { op: 'target', target: parseTarget(tokens, take) };
  };
  return or();
}

/** The expression as B-Human's grammar writes it (parentheses only where precedence needs them). */
export function formatExpression(expression: TargetExpression): string {
  const inner = (e: TargetExpression, parent: 'or' | 'and' | 'not'): string => {
    const text = formatExpression(e);
    const weaker = e.op === 'or' ? parent !== 'or' : e.op === 'and' && parent === 'not';
    return weaker ? `(${text})` : text;
  };
  switch (expression.op) {
    case 'target':
      return formatTarget(expression.target);
    case 'not':
      return `not ${inner(expression.operand, 'not')}`;
    default:
      return expression.operands.map((e) => inner(e, expression.op)).join(expression.op === 'and' ? ' & ' : ' | ');
  }
}

function formatZone(zone: Zone): string {
  return zone.kind === 'rect' ? `${zone.x1} ${zone.y1} ${zone.x2} ${zone.y2}` : `${zone.name}${zone.team ?? ''}`;
}

/** One target in the words of the grammar. */
export function formatTarget(target: TestTarget): string {
  switch (target.kind) {
    case 'goalTeamA':
    case 'goalTeamB':
      return target.kind;
    case 'ballInZone':
      return `ballInZone ${formatZone(target.zone)}`;
    case 'penalized':
    case 'robotTouch':
      return `${target.kind} ${target.robot}`;
    case 'robotInZone':
      return `robotInZone ${formatZone(target.zone)} ${target.robot}`;
    case 'teamPossession':
      return `teamPossession team${target.team}`;
    case 'budget':
      return `budget team${target.team} ${target.op} ${target.value}`;
    case 'robotInSkill':
      return `robotInSkill ${target.skill} ${target.robot}`;
  }
}

function parseTeam(word: string): 'A' | 'B' {
  if (word === 'teamA' || word === 'teamB') return word === 'teamA' ? 'A' : 'B';
  throw new TestSpecError(`expected teamA or teamB, not '${word}'`);
}

function parseZone(tokens: string[], take: (what: string) => string): Zone {
  const first = take('a zone');
  const named = /^(fieldHalf|centerCircle|penaltyArea|goalArea)([AB])?$/.exec(first);
  if (named) return { kind: 'named', name: named[1] as ZoneName, team: named[2] as 'A' | 'B' | undefined };
  const notAZone = (word: string) =>
    new TestSpecError(`a zone is <x1> <y1> <x2> <y2> or ${ZONE_NAMES.join('|')} [A|B], not '${word}'`);
  if (finite(first) === undefined) throw notAZone(first);
  const words = [first, take('y1'), take('x2'), take('y2')];
  const values = words.map(finite);
  if (values.some((v) => v === undefined)) throw notAZone(words.join(' '));
  const [x1, y1, x2, y2] = values as number[];
  return { kind: 'rect', x1: x1!, y1: y1!, x2: x2!, y2: y2! };
}

function parseTarget(tokens: string[], take: (what: string) => string): TestTarget {
  const word = take(`a target (${TARGET_WORDS.join(', ')})`);
  switch (word) {
    case 'goalTeamA':
    case 'goalTeamB':
      return { kind: word };
    case 'ballInZone':
      return { kind: word, zone: parseZone(tokens, take) };
    case 'penalized':
    case 'robotTouch':
      return { kind: word, robot: take('<robot>') };
    case 'robotInZone': {
      const zone = parseZone(tokens, take);
      return { kind: word, zone, robot: take('<robot>') };
    }
    case 'teamPossession':
      return { kind: word, team: parseTeam(take('teamA or teamB')) };
    case 'budget': {
      const team = parseTeam(take('teamA or teamB'));
      const op = take('<, >, <= or >=');
      if (!(BUDGET_OPERATORS as readonly string[]).includes(op))
        throw new TestSpecError(`budget compares with ${BUDGET_OPERATORS.join(' ')}, not '${op}'`);
      const value = finite(take('<value>'));
      if (value === undefined) throw new TestSpecError('budget needs a number');
      return { kind: word, team, op: op as BudgetOperator, value };
    }
    case 'robotInSkill': {
      const skill = take('<skill>');
      return { kind: word, skill, robot: take('<robot>') };
    }
    default:
      throw new TestSpecError(`unknown target '${word}' (${TARGET_WORDS.join(', ')})`);
  }
}
