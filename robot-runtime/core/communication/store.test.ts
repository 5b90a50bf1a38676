import { describe, expect, it } from 'vitest';
import { PeerCatalog } from './PeerCatalog';
import { TimestampedStore } from './TimestampedStore';

describe('TimestampedStore', () => {
  it('finds the value closest in time, e.g. the joint angles of an image', () => {
    const joints = new TimestampedStore<number>({ maxAgeMs: 1000, maxPerKey: 100 });
    for (let t = 0; t <= 120; t += 12) joints.add('Motion', t, t / 12);
    expect(joints.closest('Motion', 50)?.value).toBe(4); // 48 is closer than 60
    expect(joints.closest('Motion', 54)?.value).toBe(4); // a tie goes to the older value
    expect(joints.closest('Motion', 500, 20)).toBeUndefined();
    expect(joints.atOrBefore('Motion', 59)?.time).toBe(48);
    expect(joints.latest('Motion')?.time).toBe(120);
    joints.add('Motion', 30, -1); // late arrival is inserted in order
    expect(joints.closest('Motion', 31)?.value).toBe(-1);
  });

  it('expires old values and bounds each key', () => {
    const store = new TimestampedStore<string>({ maxAgeMs: 100, maxPerKey: 3 });
    for (let t = 0; t < 5; t++) store.add('a', t, `v${t}`);
    expect(store.size('a')).toBe(3);
    store.add('b', 10, 'x');
    store.expire(150);
    expect(store.keys()).toEqual([]);
    store.add('c', 1000, 'y');
    store.add('c', 1200, 'z');
    expect(store.size('c')).toBe(1);
    expect(store.keys(1250)).toEqual(['c']);
    expect(store.keys(1400)).toEqual([]);
  });
});

describe('PeerCatalog', () => {
  it('tracks who was heard where and when', () => {
    const peers = new PeerCatalog(1000);
    peers.heard('robot:5/1', 'robot', '10.0.5.1:10005', 'team', 0);
    peers.heard('robot:5/1', 'robot', '10.0.5.1:3939', 'gc', 500);
    peers.heard('ide:10.0.0.9', 'ide', '10.0.0.9:5000', 'monitor', 900);
    expect(peers.get('robot:5/1')).toMatchObject({ packets: 2, firstSeen: 0, lastSeen: 500 });
    expect(peers.reachable(1200).map((p) => p.id)).toEqual(['robot:5/1', 'ide:10.0.0.9']);
    expect(peers.reachable(1200, { channel: 'team' })).toEqual([]);
    expect(peers.reachable(1200, { kind: 'ide' }).length).toBe(1);
    expect(peers.reachable(2000)).toEqual([]);
    expect(peers.forget(2000, 1200)).toEqual(['robot:5/1']);
    expect(peers.all().length).toBe(1);
  });
});
