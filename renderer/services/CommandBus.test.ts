import { describe, expect, it } from 'vitest';
import { CommandBus } from './CommandBus';

describe('CommandBus', () => {
  it('runs the newest handler and falls back when it is removed', async () => {
    const bus = new CommandBus();
    const calls: string[] = [];
    bus.register('x', (a) => void calls.push(`first ${String(a)}`));
    const remove = bus.register('x', (a) => void calls.push(`second ${String(a)}`));
    await bus.execute('x', 1);
    remove();
    await bus.execute('x', 2);
    expect(calls).toEqual(['second 1', 'first 2']);
  });

  it('reports commands nobody handles', async () => {
    const bus = new CommandBus();
    const unhandled: string[] = [];
    bus.onUnhandled((id) => unhandled.push(id));
    await bus.execute('simulation.step');
    expect(unhandled).toEqual(['simulation.step']);
    expect(bus.has('simulation.step')).toBe(false);
  });
});

describe('CommandBus descriptions', () => {
  it('lists described commands until they are unlisted', () => {
    const bus = new CommandBus();
    const undo = bus.describe({ id: 'a', title: 'Thing: A' });
    bus.describe({ id: 'b', title: 'Thing: B' });
    expect(bus.descriptions().map((d) => d.id)).toEqual(['a', 'b']);
    undo();
    expect(bus.descriptions().map((d) => d.title)).toEqual(['Thing: B']);
  });
});
