import { describe, expect, it } from 'vitest';
import { decideSend, defaultBudgetParameters as p, remainingGameTime, sendDelay, sendInterval } from './messageBudget';

const situation = { now: 10_000, remainingBudget: 1200, secsRemaining: 600, firstHalf: true, activePlayers: 7 };

describe('message budget', () => {
  it('spreads the usable budget over the rest of the game among the active players', () => {
    expect(remainingGameTime(situation)).toBe(600_000 + 600_000 + 10_000);
    // (1200 − 30 − 15) messages over 1 215 000 ms for 7 players → one message per ≈7.36 s each.
    expect(sendInterval(situation)).toBeCloseTo((1_215_000 / 1155) * 7, 6);
    // Second half, more budget than needed: the team floor (2 per second) and minSendInterval win.
    expect(sendInterval({ ...situation, firstHalf: false, secsRemaining: 10, activePlayers: 1 })).toBe(
      p.minSendInterval,
    );
    expect(sendInterval({ ...situation, firstHalf: false, secsRemaining: 10, activePlayers: 5 })).toBe(2500);
  });

  it('keeps the minimum interval and the reserves', () => {
    expect(decideSend({ ...situation, lastSent: undefined }).allowed).toBe(true);
    expect(decideSend({ ...situation, lastSent: 9000 })).toMatchObject({ allowed: false, reason: 'interval' });
    expect(decideSend({ ...situation, lastSent: 9000, priority: true })).toMatchObject({ allowed: true });
    expect(decideSend({ ...situation, lastSent: 9500, priority: true })).toMatchObject({
      allowed: false,
      reason: 'interval',
    });
    expect(decideSend({ ...situation, remainingBudget: 45 })).toMatchObject({
      allowed: false,
      reason: 'reserve',
      usableBudget: 0,
    });
    expect(decideSend({ ...situation, remainingBudget: 45, priority: true }).allowed).toBe(true);
    expect(decideSend({ ...situation, remainingBudget: 15, priority: true })).toMatchObject({
      allowed: false,
      reason: 'reserve',
    });
  });

  it('a team that follows the interval stays within the budget for a whole game', () => {
    let budget = 1200;
    const last = new Array<number | undefined>(5).fill(undefined);
    for (let t = 0; t < 1_210_000; t += 100) {
      const firstHalf = t < 600_000;
      const secsRemaining = Math.max(0, Math.ceil(((firstHalf ? 600_000 : 1_200_000) - t) / 1000));
      for (let r = 0; r < 5; r++) {
        if (
          decideSend({ now: t, lastSent: last[r], remainingBudget: budget, secsRemaining, firstHalf, activePlayers: 5 })
            .allowed
        ) {
          budget--;
          last[r] = t;
        }
      }
    }
    expect(budget).toBeGreaterThanOrEqual(p.normalMessageReserve + p.priorityMessageReserve);
    expect(budget).toBeLessThan(200);
  });

  it('draws send delays from the configured range', () => {
    expect(sendDelay(() => 0)).toBe(300);
    expect(sendDelay(() => 0.5)).toBe(750);
  });
});
