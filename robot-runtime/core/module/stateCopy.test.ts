import { describe, expect, it } from 'vitest';
import { copyState, stateBytes } from './stateCopy';

class Votes {
  readonly bins = new Float64Array(4);
  best = -1;
  add(i: number): void {
    this.bins[i]!++;
  }
}

describe('copyState', () => {
  it('copies deeply and keeps classes, typed arrays, maps, sets and shared references', () => {
    const shared = [1, 2];
    const state = { votes: new Votes(), a: shared, b: shared, byId: new Map([[3, { x: 1 }]]), seen: new Set([5]) };
    state.votes.add(2);
    const copy = copyState(state);
    expect(copy.votes).toBeInstanceOf(Votes);
    expect([...copy.votes.bins]).toEqual([0, 0, 1, 0]);
    copy.votes.add(2);
    expect(state.votes.bins[2]).toBe(1);
    expect(copy.a).toBe(copy.b);
    expect(copy.a).not.toBe(shared);
    expect(copy.byId.get(3)).toEqual({ x: 1 });
    expect(copy.byId.get(3)).not.toBe(state.byId.get(3));
    expect(copy.seen.has(5)).toBe(true);
  });

  it('copies cycles', () => {
    const node: { next?: unknown; value: number } = { value: 1 };
    node.next = node;
    const copy = copyState(node);
    expect(copy.next).toBe(copy);
    expect(copy).not.toBe(node);
  });

  it('refuses what is not data, naming where it is', () => {
    expect(() => copyState({ a: { callback: () => 1 } }, 'SelfLocator.state')).toThrow(
      'SelfLocator.state.a.callback: a function is not data and cannot be copied into a snapshot',
    );
    expect(() => copyState({ p: Promise.resolve() })).toThrow(/state\.p: a Promise is not data/);
  });

  it('counts typed arrays by their bytes', () => {
    expect(stateBytes(new Uint8Array(1000))).toBeGreaterThanOrEqual(1000);
    expect(stateBytes({ a: new Uint8Array(1000), b: new Uint8Array(1000) })).toBeGreaterThanOrEqual(2000);
  });
});
