import { describe, expect, it, vi } from 'vitest';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { RequestNames } from '../../protocol/debugMessages/requestNames';
import { decodeTextMessage } from '../../protocol/debugMessages/textMessage';
import { announced, makeDebugger, ofId, request, responses } from './testHelpers';

const INFRASTRUCTURE = [
  RequestNames.drawingManager,
  RequestNames.drawingManager3D,
  RequestNames.timing,
  RequestNames.annotation,
];

describe('ThreadDebugger: requests and polling', () => {
  it('sends nothing when nothing was requested', () => {
    const { debug } = makeDebugger();
    debug.beginFrame(1, 0);
    debug.context.isActive('x');
    debug.context.plot('p', 1);
    expect(debug.endFrame()).toEqual([]);
  });

  it('announces each newly encountered name during the 3 frames after poll, then pollingFinished', () => {
    const { debug } = makeDebugger();
    debug.handle(request('a'));
    debug.handle(request(RequestNames.poll));

    debug.beginFrame(1, 0);
    debug.context.isActive('a');
    debug.context.drawing('ball', 'drawingOnField', () => {});
    const f1 = debug.endFrame();
    expect(responses(f1)).toEqual([
      { kind: 'request', name: 'a', enabled: true },
      { kind: 'request', name: 'debug drawing:ball', enabled: false },
      ...INFRASTRUCTURE.map((name) => ({ kind: 'request', name, enabled: false })),
    ]);

    debug.beginFrame(2, 0);
    debug.context.isActive('a');
    debug.context.isActive('b');
    expect(announced(debug.endFrame())).toEqual(['b']);

    debug.beginFrame(3, 0);
    debug.context.isActive('c');
    const f3 = responses(debug.endFrame());
    expect(f3).toEqual([{ kind: 'request', name: 'c', enabled: false }, { kind: 'pollingFinished' }]);

    debug.beginFrame(4, 0);
    debug.context.isActive('d');
    expect(debug.endFrame()).toEqual([]);
  });

  it('a new poll announces everything again', () => {
    const { debug } = makeDebugger();
    debug.handle(request(RequestNames.poll));
    for (let f = 0; f < 3; f++) {
      debug.beginFrame(f, 0);
      debug.context.isActive('a');
      debug.endFrame();
    }
    debug.handle(request(RequestNames.poll));
    debug.beginFrame(4, 0);
    debug.context.isActive('a');
    expect(announced(debug.endFrame())).toContain('a');
  });

  it('respond-once requests run once and switch themselves off', () => {
    const { debug } = makeDebugger();
    const fn = vi.fn();
    debug.handle(request('module:M:dump'));
    for (let f = 0; f < 3; f++) {
      debug.beginFrame(f, 0);
      debug.context.response('module:M:dump', fn, { once: true });
      debug.endFrame();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    expect(debug.requests.isActive('module:M:dump')).toBe(false);
  });

  it('declared requests work but are not advertised', () => {
    const { debug } = makeDebugger();
    const fn = vi.fn();
    debug.handle(request(RequestNames.poll));
    debug.handle(request('secret'));
    debug.beginFrame(1, 0);
    debug.context.response('secret', fn, { declared: true });
    expect(announced(debug.endFrame())).not.toContain('secret');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('disable and disableAll switch requests off', () => {
    const { debug } = makeDebugger();
    debug.handle(request('a'));
    debug.handle(request('b'));
    debug.handle(request('a', false));
    expect(debug.requests.isActive('a')).toBe(false);
    expect(debug.requests.isActive('b')).toBe(true);
    debug.handle(request(RequestNames.disableAll));
    expect(debug.requests.isActive('b')).toBe(false);
  });

  it('a malformed incoming message becomes a text error, never an exception', () => {
    const { debug } = makeDebugger();
    debug.handle({ id: MessageID.idDebugRequest, payload: new Uint8Array([200, 0, 0, 0, 1]) });
    debug.handle({ id: MessageID.idDebugDataChangeRequest, payload: new Uint8Array([1]) });
    debug.beginFrame(1, 0);
    const texts = ofId(debug.endFrame(), MessageID.idText).map((m) => decodeTextMessage(m.payload));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^Error: Cognition ignored a malformed message 96/);
  });
});
