import { describe, expect, it } from 'vitest';
import { StreamError } from '../binary/StreamError';
import { decodeAnnotation, encodeAnnotation } from './annotation';
import {
  decodeDebugDataChangeRequest,
  decodeDebugDataResponse,
  encodeDebugDataChangeRequest,
  encodeDebugDataResponse,
} from './debugData';
import { decodeDebugImage, encodeDebugImage, PixelType } from './debugImage';
import { decodeDebugRequest, encodeDebugRequest } from './debugRequest';
import { decodeDebugResponse, encodeDebugResponse } from './debugResponse';
import { decodeDrawingManager, encodeDrawingManager } from './drawingManager';
import { decodeModuleRequest, encodeModuleRequest } from './moduleRequest';
import { decodeModuleTable, encodeModuleTable } from './moduleTable';
import { decodePlot, encodePlot } from './plot';
import { decodeRobotName, encodeRobotName } from './robotName';
import { decodeStopwatch, encodeStopwatch } from './stopwatch';
import { TestRandom } from './testRandom';

const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');
const ascii = (s: string): string => hex(new TextEncoder().encode(s));
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

describe('golden payloads', () => {
  it('idStopwatch: uint16 k, (uint16 id, string)×k, uint16 n, (uint16 id, uint32 µs)×n, uint32 start, uint32 frame', () => {
    const bytes = encodeStopwatch({
      names: [
        { watchId: 0, name: 'a' },
        { watchId: 1, name: 'bc' },
        { watchId: 0, name: 'a' },
      ],
      times: [
        { watchId: 0, micros: 1500 },
        { watchId: 1, micros: 70000 },
      ],
      threadStartTime: 123456,
      frameNumber: 7,
    });
    expect(hex(bytes)).toBe(
      '03 00 00 00 01 00 00 00 61 01 00 02 00 00 00 62 63 00 00 01 00 00 00 61 02 00 00 00 dc 05 00 00 01 00 70 11 01 00 40 e2 01 00 07 00 00 00',
    );
  });

  it('idDrawingManager: int nTypes, (char, string)×n, int nDrawings, (char id, char type, string)×n', () => {
    const bytes = encodeDrawingManager({
      types: [
        { id: 0, name: 'f' },
        { id: 1, name: 'im' },
      ],
      drawings: [{ id: 0, typeId: 1, name: 'b' }],
    });
    expect(hex(bytes)).toBe('02 00 00 00 00 01 00 00 00 66 01 02 00 00 00 69 6d 01 00 00 00 00 01 01 00 00 00 62');
  });

  it('idDebugResponse: OutText "<name> <bool>" with the name quoted when it has a space, or pollingFinished', () => {
    expect(text(encodeDebugResponse({ kind: 'request', name: 'debug drawing:ball', enabled: true }))).toBe(
      ' "debug drawing:ball" true',
    );
    expect(text(encodeDebugResponse({ kind: 'request', name: 'timing', enabled: false }))).toBe(' timing false');
    expect(text(encodeDebugResponse({ kind: 'pollingFinished' }))).toBe(' pollingFinished');
  });

  it('idAnnotation: number with bit 31, then OutText name and description', () => {
    const bytes = encodeAnnotation({ number: 5, name: 'GoalScored', description: 'by robot 3' });
    expect(hex(bytes)).toBe(`05 00 00 80 ${ascii(' GoalScored "by robot 3"')}`);
  });

  it('idAnnotation legacy form: number without bit 31, uint32 frame, then text; the description items are concatenated', () => {
    const payload = new Uint8Array([5, 0, 0, 0, 42, 0, 0, 0, ...new TextEncoder().encode(' A b "c d"')]);
    expect(decodeAnnotation(payload)).toEqual({ number: 5, name: 'A', description: 'bc d', frame: 42 });
  });

  it('idDebugImage: string id, uint8 type, uint16 width (YUYV in pixel pairs), uint16 height, pixels', () => {
    const bytes = encodeDebugImage({
      id: 'x',
      image: { pixelType: PixelType.YUYV, width: 4, height: 1, pixels: new Uint8Array(8).fill(7) },
    });
    expect(hex(bytes)).toBe('01 00 00 00 78 02 02 00 01 00 07 07 07 07 07 07 07 07');
    expect(decodeDebugImage(bytes).image.width).toBe(4);
  });

  it('idDebugDataChangeRequest: string name, char flag (0 release, 1 data), data', () => {
    expect(hex(encodeDebugDataChangeRequest({ name: 'p', data: new Uint8Array([9]) }))).toBe('01 00 00 00 70 01 09');
    expect(hex(encodeDebugDataChangeRequest({ name: 'p' }))).toBe('01 00 00 00 70 00');
  });
});

describe('round trips', () => {
  const rnd = new TestRandom(31);
  const many = (n: number, f: () => void): void => {
    for (let i = 0; i < n; i++) f();
  };

  it('all infrastructure payloads', () => {
    many(50, () => {
      const plot = { id: rnd.string(), value: rnd.float() };
      expect(decodePlot(encodePlot(plot))).toEqual(plot);

      const sw = {
        names: Array.from({ length: rnd.int(0, 3) }, () => ({ watchId: rnd.int(0, 65535), name: rnd.string() })),
        times: Array.from({ length: rnd.int(0, 5) }, () => ({
          watchId: rnd.int(0, 65535),
          micros: rnd.int(0, 0xffffffff),
        })),
        threadStartTime: rnd.int(0, 0xffffffff),
        frameNumber: rnd.int(0, 0xffffffff),
      };
      expect(decodeStopwatch(encodeStopwatch(sw))).toEqual(sw);

      const dm = {
        types: Array.from({ length: rnd.int(0, 3) }, () => ({ id: rnd.int(0, 255), name: rnd.string() })),
        drawings: Array.from({ length: rnd.int(0, 4) }, () => ({
          id: rnd.int(0, 255),
          typeId: rnd.int(0, 255),
          name: rnd.string(),
        })),
      };
      expect(decodeDrawingManager(encodeDrawingManager(dm))).toEqual(dm);

      const annotation = { number: rnd.int(0, 0x7fffffff), name: rnd.string() || 'n', description: rnd.string() };
      expect(decodeAnnotation(encodeAnnotation(annotation))).toEqual(annotation);

      const request = { name: rnd.string(), enable: rnd.next() < 0.5 };
      expect(decodeDebugRequest(encodeDebugRequest(request))).toEqual(request);

      const response = { kind: 'request' as const, name: rnd.string(), enabled: rnd.next() < 0.5 };
      expect(decodeDebugResponse(encodeDebugResponse(response))).toEqual(response);

      const change =
        rnd.next() < 0.5 ? { name: rnd.string() } : { name: rnd.string(), data: rnd.bytes(rnd.int(0, 10)) };
      expect(decodeDebugDataChangeRequest(encodeDebugDataChangeRequest(change))).toEqual(change);

      const dataResponse = { name: rnd.string(), type: rnd.string(), data: rnd.bytes(rnd.int(0, 10)) };
      expect(decodeDebugDataResponse(encodeDebugDataResponse(dataResponse))).toEqual(dataResponse);

      const pixelType = rnd.int(0, 9) as PixelType;
      const width = rnd.int(0, 4) * 2;
      const height = rnd.int(0, 3);
      const unit = [4, 4, 2, 4, 1, 1, 1, 2, 2, 2][pixelType]!;
      const pixels = rnd.bytes(width * height * unit);
      const image = { id: rnd.string(), image: { pixelType, width, height, pixels } };
      expect(decodeDebugImage(encodeDebugImage(image))).toEqual(image);

      const table = {
        modules: Array.from({ length: rnd.int(0, 3) }, () => ({
          name: rnd.string(),
          requirements: Array.from({ length: rnd.int(0, 3) }, () => rnd.string()),
          provisions: Array.from({ length: rnd.int(0, 3) }, () => rnd.string()),
        })),
        configuration: rnd.bytes(rnd.int(0, 20)),
      };
      expect(decodeModuleTable(encodeModuleTable(table))).toEqual(table);

      const mr = { timestamp: rnd.int(0, 0xffffffff), configuration: rnd.bytes(rnd.int(0, 20)) };
      expect(decodeModuleRequest(encodeModuleRequest(mr))).toEqual(mr);

      const robot = {
        headName: rnd.string(),
        bodyName: rnd.string(),
        location: rnd.string(),
        scenario: rnd.string(),
        playerNumber: rnd.int(-5, 20),
      };
      expect(decodeRobotName(encodeRobotName(robot))).toEqual(robot);
    });
    expect(decodeDebugResponse(encodeDebugResponse({ kind: 'pollingFinished' }))).toEqual({ kind: 'pollingFinished' });
  });
});

describe('garbage', () => {
  const decoders = [
    decodePlot,
    decodeStopwatch,
    decodeDrawingManager,
    decodeAnnotation,
    decodeDebugRequest,
    decodeDebugResponse,
    decodeDebugDataChangeRequest,
    decodeDebugDataResponse,
    decodeDebugImage,
    decodeModuleTable,
    decodeModuleRequest,
    decodeRobotName,
  ];

  it('every decoder fails only with StreamError', () => {
    const rnd = new TestRandom(41);
    for (const decode of decoders) {
      for (let k = 0; k < 500; k++) {
        const bytes = rnd.bytes(rnd.int(0, 24));
        // Small counts and lengths reach deeper into the layouts than uniformly random ones.
        if (k % 2 === 0) for (let j = 1; j < bytes.length; j += 4) bytes[j] = 0;
        try {
          decode(bytes);
        } catch (e) {
          expect(e).toBeInstanceOf(StreamError);
        }
      }
    }
  });

  it('a huge count is refused with the offset of the count', () => {
    const bytes = new Uint8Array([0xff, 0xff, 0xff, 0x7f]);
    try {
      decodeDrawingManager(bytes, 50);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StreamError);
      expect((e as StreamError).offset).toBe(50);
    }
  });

  it('a debug response that is neither form is a StreamError', () => {
    expect(() => decodeDebugResponse(new TextEncoder().encode(' name maybe'))).toThrow(StreamError);
    expect(() => decodeDebugResponse(new Uint8Array())).toThrow(StreamError);
  });
});
