import { describe, expect, it } from 'vitest';
import { errorBound, GameControllerRbs, RBS_NO_OFFSET, TeammateClock } from './rbs';

describe('RBS clock synchronization (formats §8.3)', () => {
  it('puts the newest packet and (timestamp + 200 − receive time) into the header', () => {
    const rbs = new GameControllerRbs();
    expect(rbs.reference(1000)).toEqual({ packetNumber: 0, offset: RBS_NO_OFFSET });
    rbs.received(41, 900);
    rbs.received(42, 1400);
    expect(rbs.reference(1500)).toEqual({ packetNumber: 42, offset: 300 });
    // Too old, or an offset that does not fit 16 bits: no reference.
    expect(rbs.reference(1400 + 5001)).toEqual({ packetNumber: 0, offset: RBS_NO_OFFSET });
    // A message 200 ms before the packet would need a negative offset.
    expect(rbs.reference(1199)).toEqual({ packetNumber: 0, offset: RBS_NO_OFFSET });
    expect(rbs.reference(1200)).toEqual({ packetNumber: 42, offset: 0 });
  });

  it('derives remote − local from a shared packet and converts times both ways', () => {
    // The teammate's clock runs 10 000 ms ahead of ours. Both got packet 7: we at 5000, it at 15 000 (+3 ms delay).
    const ours = new GameControllerRbs();
    ours.received(7, 5000);
    const theirs = new GameControllerRbs();
    theirs.received(7, 15_003);
    const sendTime = 15_403;
    const reference = theirs.reference(sendTime);
    expect(reference).toEqual({ packetNumber: 7, offset: 600 });
    const clock = new TeammateClock();
    expect(clock.update(sendTime, reference, 5410, ours)).toBe('ok');
    expect(clock.offset).toBe(10_003);
    expect(clock.toLocal(sendTime)).toBe(5400);
    expect(clock.toLocal(0)).toBe(0);
    expect(clock.toRemote(5400)).toBe(sendTime);
  });

  it('checks plausibility with the growing error bound and invalidates on failure', () => {
    expect(errorBound(0)).toBe(7);
    expect(errorBound(12_000)).toBe(11);
    const ours = new GameControllerRbs();
    ours.received(1, 1000);
    const clock = new TeammateClock();
    expect(clock.update(2000, { packetNumber: 9, offset: 100 }, 2000, ours)).toBe('unsynchronized');
    expect(clock.update(1100, { packetNumber: 1, offset: 300 }, 1100, ours)).toBe('ok');
    expect(clock.offset).toBe(0);
    // Without a new reference: a message up to 2 s + bound late is fine, one from the future is not.
    expect(clock.update(3000, { packetNumber: 0, offset: RBS_NO_OFFSET }, 4500, ours)).toBe('ok');
    expect(clock.update(4600, { packetNumber: 0, offset: RBS_NO_OFFSET }, 4500, ours)).toBe('outOfBounds');
    expect(clock.valid).toBe(false);
    expect(clock.toLocal(1234)).toBe(1234);
  });

  it('forgets packets beyond the ring buffer and older than 5 s', () => {
    const rbs = new GameControllerRbs();
    for (let i = 0; i < 12; i++) rbs.received(i, i * 100);
    expect(rbs.receiveTime(1, 1200)).toBeUndefined();
    expect(rbs.receiveTime(2, 1200)).toBe(200);
    expect(rbs.receiveTime(11, 1100 + 5001)).toBeUndefined();
  });
});
