import { describe, expect, it } from 'vitest';
import { UsageError } from './commandLine';
import { cameraDevices, debugLinkAddress, lolaClock, parseCameraStream } from './cli';

describe('where the unauthenticated debug link listens (finding 14)', () => {
  it('listens on loopback on a PC and on every interface on a NAO, unless told', () => {
    expect(debugLinkAddress(undefined, undefined)).toBe('127.0.0.1');
    expect(debugLinkAddress(undefined, '/tmp/robocup')).toBe('0.0.0.0');
    expect(debugLinkAddress('0.0.0.0', undefined)).toBe('0.0.0.0');
    expect(debugLinkAddress('127.0.0.1', '/tmp/robocup')).toBe('127.0.0.1');
  });
});

describe('--camera-stream', () => {
  it('names the host and the upper and lower image ports', () => {
    expect(parseCameraStream('127.0.1.3:7001,7002')).toEqual({ host: '127.0.1.3', ports: [7001, 7002] });
    expect(() => parseCameraStream('127.0.1.3:7001')).toThrow(UsageError);
    expect(() => parseCameraStream('host:0,70000')).toThrow(/HOST:UPPERPORT,LOWERPORT/);
  });
});

describe('--camera', () => {
  it('names the upper and optionally the lower V4L2 device, and excludes --camera-stream', () => {
    expect(cameraDevices('/dev/video-top,/dev/video-bottom', undefined)).toEqual([
      '/dev/video-top',
      '/dev/video-bottom',
    ]);
    expect(cameraDevices('/dev/video0', undefined)).toEqual(['/dev/video0']);
    expect(cameraDevices(undefined, undefined)).toBeUndefined();
    expect(() => cameraDevices('/dev/video0,,', undefined)).toThrow(/one or two device paths/);
    expect(() => cameraDevices('/dev/video0', 'host:1,2')).toThrow(/exclude each other/);
  });
});

describe('--lola-clock', () => {
  it('makes time count LoLA cycles, and only with LoLA', () => {
    expect(lolaClock({ lola: '/tmp/robocup', 'lola-clock': true })).toBe('lola');
    expect(lolaClock({ lola: '/tmp/robocup' })).toBeUndefined();
    expect(() => lolaClock({ 'lola-clock': true })).toThrow(/needs --lola/);
  });
});
