import { describe, expect, it } from 'vitest';
import { createPreloadBridge } from './createBridge';
import type { IpcRendererLike } from './electronApi';

function fakeIpc(): IpcRendererLike & { invoked: [string, unknown][]; emit(channel: string, payload: unknown): void } {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const invoked: [string, unknown][] = [];
  return {
    invoked,
    invoke: async (channel, payload) => {
      invoked.push([channel, payload]);
      return { ok: true };
    },
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
    emit: (channel, payload) => listeners.get(channel)?.forEach((l) => l({ sender: 'secret' }, payload)),
  };
}

describe('preload bridge', () => {
  it('invokes allowlisted channels and refuses others', async () => {
    const ipc = fakeIpc();
    const bridge = createPreloadBridge(ipc);
    await expect(bridge.invoke('pitchside:console.run', { line: 'echo 1' })).resolves.toEqual({ ok: true });
    await expect(bridge.invoke('evil:channel' as never, {} as never)).rejects.toThrow(/not allowed/);
    expect(ipc.invoked).toEqual([['pitchside:console.run', { line: 'echo 1' }]]);
  });

  it('hands listeners the payload only, never the IPC event, and unsubscribes', () => {
    const ipc = fakeIpc();
    const bridge = createPreloadBridge(ipc);
    const received: unknown[][] = [];
    const stop = bridge.on('pitchside:console.output', (...args: unknown[]) => received.push(args));
    ipc.emit('pitchside:console.output', { text: 'a' });
    stop();
    ipc.emit('pitchside:console.output', { text: 'b' });
    expect(received).toEqual([[{ text: 'a' }]]);
    expect(() => bridge.on('ipc:anything' as never, () => {})).toThrow(/not allowed/);
  });

  it('is frozen (the page cannot swap its methods)', () => {
    expect(Object.isFrozen(createPreloadBridge(fakeIpc()))).toBe(true);
  });
});
