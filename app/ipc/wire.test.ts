import { describe, expect, it } from 'vitest';
import { CHANNEL_PREFIX, EVENT_CHANNELS, REQUEST_CHANNELS } from './channels';
import { parseWireRequest } from './wire';

describe('bridge channels and wire format', () => {
  it('prefixes every channel', () => {
    for (const c of [...REQUEST_CHANNELS, ...EVENT_CHANNELS]) expect(c.startsWith(CHANNEL_PREFIX)).toBe(true);
  });

  it('parses well-formed requests', () => {
    expect(
      parseWireRequest('{"kind":"request","id":3,"channel":"pitchside:console.run","payload":{"line":"echo"}}'),
    ).toEqual({
      kind: 'request',
      id: 3,
      channel: 'pitchside:console.run',
      payload: { line: 'echo' },
    });
  });

  it('rejects malformed frames and channels outside the allowlist', () => {
    expect(parseWireRequest('{')).toEqual({ error: 'malformed JSON' });
    expect(parseWireRequest('[]')).toMatchObject({ error: 'not a request' });
    expect(
      parseWireRequest('{"kind":"request","id":1,"channel":"pitchside:console.output","payload":{}}'),
    ).toMatchObject({ id: 1, error: expect.stringMatching(/not allowed/) });
    expect(parseWireRequest('{"kind":"request","id":1,"channel":"pitchside:console.run","payload":"x"}')).toMatchObject(
      { id: 1 },
    );
  });
});
