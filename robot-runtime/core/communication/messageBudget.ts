/**
 * @file How often a robot may send team messages so that the team's GameController budget (formats §8.2) lasts
 * the game: the usable budget is spread over the remaining game time (with a look-ahead and room for
 * overtime) and shared among the active players; reserves keep the last messages for priority events.
 */

/** B-Human's teamMessageHandler.cfg parameters (formats §8.2; times in ms). */
export interface BudgetParameters {
  overallMessageBudget: number;
  normalMessageReserve: number;
  priorityMessageReserve: number;
  minSendInterval: number;
  minTeamSendIntervalFactor: number;
  durationOfHalf: number;
  lookahead: number;
  maxOvertime: number;
  sendDelayRange: { min: number; max: number };
}

/** The values B-Human ships. */
export const defaultBudgetParameters: BudgetParameters = {
  overallMessageBudget: 1200,
  normalMessageReserve: 30,
  priorityMessageReserve: 15,
  minSendInterval: 1000,
  minTeamSendIntervalFactor: 2,
  durationOfHalf: 600_000,
  lookahead: 5000,
  maxOvertime: 10_000,
  sendDelayRange: { min: 300, max: 1200 },
};

/** What the decision depends on. */
export interface BudgetSituation {
  now: number;
  /** When this robot last sent (undefined: never). */
  lastSent?: number;
  /** Messages the team may still send (GameController TeamInfo.messageBudget). */
  remainingBudget: number;
  /** Seconds remaining in the current half (GameController secsRemaining). */
  secsRemaining: number;
  firstHalf: boolean;
  /** Players of the team that send (not penalized). */
  activePlayers: number;
  /** A priority message (e.g. a whistle, a ball seen after a long time) may use the normal reserve. */
  priority?: boolean;
}

/** The decision. */
export interface BudgetDecision {
  allowed: boolean;
  /** Why not, when not allowed. */
  reason?: 'reserve' | 'interval';
  /** The interval this robot should keep between messages now (ms). */
  intervalMs: number;
  /** Budget the normal messages may still use. */
  usableBudget: number;
}

/** Remaining game time (ms) the budget must last: this half, the second half if in the first, plus overtime. */
export function remainingGameTime(
  situation: Pick<BudgetSituation, 'secsRemaining' | 'firstHalf'>,
  p: BudgetParameters = defaultBudgetParameters,
): number {
  return Math.max(0, situation.secsRemaining) * 1000 + (situation.firstHalf ? p.durationOfHalf : 0) + p.maxOvertime;
}

/** Per-robot send interval that spends the usable budget evenly until the end of the game. */
export function sendInterval(situation: BudgetSituation, p: BudgetParameters = defaultBudgetParameters): number {
  const usable = Math.max(0, situation.remainingBudget - p.normalMessageReserve - p.priorityMessageReserve);
  const players = Math.max(1, situation.activePlayers);
  // The look-ahead keeps a robot from spending the budget just before the GameController's count catches up.
  const time = remainingGameTime(situation, p) + p.lookahead;
  const teamInterval = usable > 0 ? time / usable : Infinity;
  // The whole team must not send faster than minSendInterval / factor, whatever the budget allows.
  const teamFloor = p.minSendInterval / p.minTeamSendIntervalFactor;
  return Math.max(p.minSendInterval, Math.max(teamInterval, teamFloor) * players);
}

/** Whether this robot may send now. */
export function decideSend(situation: BudgetSituation, p: BudgetParameters = defaultBudgetParameters): BudgetDecision {
  const usableBudget = Math.max(0, situation.remainingBudget - p.normalMessageReserve - p.priorityMessageReserve);
  const intervalMs = sendInterval(situation, p);
  const reserveLeft = situation.priority ? situation.remainingBudget > p.priorityMessageReserve : usableBudget > 0;
  if (!reserveLeft) return { allowed: false, reason: 'reserve', intervalMs, usableBudget };
  const since = situation.lastSent === undefined ? Infinity : situation.now - situation.lastSent;
  // Priority messages only have to respect the absolute minimum interval.
  const needed = situation.priority ? p.minSendInterval : intervalMs;
  if (since < needed) return { allowed: false, reason: 'interval', intervalMs, usableBudget };
  return { allowed: true, intervalMs, usableBudget };
}

/** A random delay within sendDelayRange, so teammates that react to the same event do not send at once. */
export function sendDelay(random: () => number, p: BudgetParameters = defaultBudgetParameters): number {
  return p.sendDelayRange.min + random() * (p.sendDelayRange.max - p.sendDelayRange.min);
}
