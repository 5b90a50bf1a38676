import { describe, expect, it } from 'vitest';
import { REQUEST_CHANNELS } from '../ipc/channels';
import type { BridgeHost } from '../ipc/host';
import type { IpcMainInvokeEvent, WebContentsLike } from './electronApi';
import { attachIpcBridge } from './ipcBridge';
import { RENDERER_ORIGIN } from './windowConfig';

function fakeContents(id: number): WebContentsLike & { sent: [string, unknown][] } {
  const sent: [string, unknown][] = [];
  return {
    id,
    sent,
    send: (c, p) => sent.push([c, p]),
    isDestroyed: () => false,
    setWindowOpenHandler: () => {},
    on: () => {},
  };
}

describe('attachIpcBridge', () => {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>>();
  const host: BridgeHost = {
    connect: (emit) => {
      emit('pitchside:console.clear', {});
      return { request: async (channel, request) => ({ channel, request }) as never, close: () => {} };
    },
  };
  const contents = fakeContents(7);
  attachIpcBridge({ ipcMain: { handle: (c, h) => handlers.set(c, h) } }, host, contents);

  it('handles exactly the allowlisted request channels', () => {
    expect([...handlers.keys()].sort()).toEqual([...REQUEST_CHANNELS].sort());
  });

  it('forwards requests from the renderer and events to it', async () => {
    const event = { sender: { id: 7 }, senderFrame: { url: `${RENDERER_ORIGIN}/index.html` } };
    await expect(handlers.get('pitchside:console.run')!(event, { line: 'echo hi' })).resolves.toEqual({
      channel: 'pitchside:console.run',
      request: { line: 'echo hi' },
    });
    expect(contents.sent).toEqual([['pitchside:console.clear', {}]]);
  });

  it('refuses other frames and other windows', async () => {
    await expect(
      handlers.get('pitchside:console.run')!(
        { sender: { id: 7 }, senderFrame: { url: 'https://evil.example/' } },
        { line: 'x' },
      ),
    ).rejects.toThrow(/refused/);
    await expect(
      handlers.get('pitchside:console.run')!(
        { sender: { id: 8 }, senderFrame: { url: `${RENDERER_ORIGIN}/` } },
        { line: 'x' },
      ),
    ).rejects.toThrow(/refused/);
  });
});
