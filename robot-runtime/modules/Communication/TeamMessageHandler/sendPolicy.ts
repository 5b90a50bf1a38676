/**
 * @file When to send: the team's message budget has to last for the rest of the game, so each robot's interval
 * is the remaining game time shared by the budget left above a reserve, times the number of active players
 * (B-Human's TeamMessageHandler reasons the same way). Priority messages (e.g. a new striker) may go out early
 * while more than the smaller priority reserve is left.
 */

/** The numbers a decision needs. */
export interface BudgetSituation {
  /** Messages the team may still send (GameController). */
  budget: number;
  /** Game time still to be played, both halves (ms). */
  remainingGameTime: number;
  /** Players of the team that currently send. */
  activePlayers: number;
}

/** Policy parameters (see TeamMessageHandler's parameters). */
export interface SendPolicy {
  minSendInterval: number;
  normalMessageReserve: number;
  priorityMessageReserve: number;
  minPriorityInterval: number;
}

/** The interval (ms) between this robot's normal messages; Infinity when the budget is used up to the reserve. */
export function sendInterval(s: BudgetSituation, p: SendPolicy): number {
  const spendable = s.budget - p.normalMessageReserve;
  if (spendable <= 0) return Infinity;
  return Math.max(p.minSendInterval, (Math.max(1, s.activePlayers) * s.remainingGameTime) / spendable);
}

/** Whether a message may be sent now. */
export function maySend(
  s: BudgetSituation | undefined,
  p: SendPolicy,
  sinceLastSend: number,
  priority: boolean,
): boolean {
  if (!s) return sinceLastSend >= (priority ? p.minPriorityInterval : p.minSendInterval);
  if (priority) return s.budget > p.priorityMessageReserve && sinceLastSend >= p.minPriorityInterval;
  return sinceLastSend >= sendInterval(s, p);
}
