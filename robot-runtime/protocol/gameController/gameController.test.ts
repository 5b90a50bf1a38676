import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/SeededRandom';
import { acceptGameControlData, GcPacketCounter } from './acceptance';
import {
  decodeGameControlData,
  defaultGameControlData,
  encodeGameControlData,
  GAME_CONTROL_SIZE,
} from './gameControlData';
import { decodeReturnData, encodeReturnData, RETURN_SIZE } from './returnData';

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('RoboCupGameControlData v18 (formats §8.4)', () => {
  const data = defaultGameControlData(5, 42);
  data.packetNumber = 7;
  data.state = 3;
  data.setPlay = 4;
  data.kickingTeam = 42;
  data.secsRemaining = -2;
  data.secondaryTime = 0x0123;
  data.teams[0].score = 2;
  data.teams[0].messageBudget = 1150;
  data.teams[0].singleShots = 0x0201;
  data.teams[1].players[19] = { penalty: 5, secsTillUnpenalised: 30 };

  it('lays out the 118 bytes as docs/formats.md says', () => {
    const bytes = encodeGameControlData(data);
    expect(bytes.length).toBe(118);
    expect(hex(bytes.subarray(0, 18))).toBe(
      // R G m e | ver 18 | pkt 7 | 7 players | phase 0 | type 0 | gamePhase 0 | playing | kick-in | first half | team 42 | -2 | 0x0123
      '52476d65' + '12' + '07' + '07' + '00' + '00' + '00' + '03' + '04' + '01' + '2a' + 'feff' + '2301',
    );
    // Team 0 at 18: number 5, colours 0/0, goalkeeper 1, score 2, penaltyShot 0, singleShots 0x0201, budget 1150.
    expect(hex(bytes.subarray(18, 28))).toBe('05000001020001027e04');
    // Team 1 at 68; its last player slot at 68 + 10 + 38.
    expect(bytes[68]).toBe(42);
    expect([bytes[116], bytes[117]]).toEqual([5, 30]);
    expect(decodeGameControlData(bytes)).toEqual(data);
  });

  it('accepts only the exact size, header, version and a packet naming our team, and counts the rest', () => {
    const bytes = encodeGameControlData(data);
    const counter = new GcPacketCounter();
    const check = (b: Uint8Array, team = 42) => {
      const r = acceptGameControlData(b, team);
      counter.count(r);
      return r.ok ? `ok:${r.teamIndex}` : r.reason;
    };
    expect(check(bytes)).toBe('ok:1');
    expect(check(bytes, 5)).toBe('ok:0');
    expect(check(bytes, 6)).toBe('team');
    expect(check(bytes.subarray(0, 117))).toBe('size');
    expect(check(new Uint8Array([...bytes, 0]))).toBe('size');
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 17;
    expect(check(wrongVersion)).toBe('version');
    const wrongHeader = bytes.slice();
    wrongHeader[0] = 0x58;
    expect(check(wrongHeader)).toBe('header');
    expect(counter.accepted).toBe(2);
    expect(counter.rejected).toEqual({ size: 2, header: 1, version: 1, team: 1 });
  });
});

describe('RoboCupGameControlReturnData v4', () => {
  it('lays out the 32 bytes as docs/formats.md says', () => {
    const bytes = encodeReturnData({
      playerNum: 3,
      teamNum: 5,
      fallen: 1,
      pose: [1000, -500, 0.5],
      ballAge: -1,
      ball: [250, 0],
    });
    expect(bytes.length).toBe(RETURN_SIZE);
    expect(hex(bytes)).toBe(
      '52477274' +
        '04' +
        '03' +
        '05' +
        '01' +
        '00007a44' +
        '0000fac3' +
        '0000003f' +
        '000080bf' +
        '00007a43' +
        '00000000',
    );
    expect(decodeReturnData(bytes)).toEqual({
      playerNum: 3,
      teamNum: 5,
      fallen: 1,
      pose: [1000, -500, 0.5],
      ballAge: -1,
      ball: [250, 0],
    });
    expect(decodeReturnData(bytes.subarray(1))).toBeUndefined();
  });
});

describe('GameController fuzz', () => {
  it('random and mutated packets never throw', () => {
    const random = seededRandom(3);
    const valid = encodeGameControlData(defaultGameControlData(5, 6));
    for (let i = 0; i < 20_000; i++) {
      const b =
        i % 2 ? valid.slice() : new Uint8Array(Math.floor(random() * 200)).map(() => Math.floor(random() * 256));
      if (i % 2) b[Math.floor(random() * GAME_CONTROL_SIZE)] = Math.floor(random() * 256);
      acceptGameControlData(b, 5);
      decodeReturnData(b.subarray(0, 32));
    }
  });
});
