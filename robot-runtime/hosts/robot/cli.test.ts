import { describe, expect, it } from 'vitest';
import { debugLinkAddress } from './cli';

describe('where the unauthenticated debug link listens (finding 14)', () => {
  it('listens on loopback on a PC and on every interface on a NAO, unless told', () => {
    expect(debugLinkAddress(undefined, undefined)).toBe('127.0.0.1');
    expect(debugLinkAddress(undefined, '/tmp/robocup')).toBe('0.0.0.0');
    expect(debugLinkAddress('0.0.0.0', undefined)).toBe('0.0.0.0');
    expect(debugLinkAddress('127.0.0.1', '/tmp/robocup')).toBe('127.0.0.1');
  });
});
