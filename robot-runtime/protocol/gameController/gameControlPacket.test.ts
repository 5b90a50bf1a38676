import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/SeededRandom';
import { acceptGameControlData, GcPacketCounter } from './acceptance';
import { classifyGameControlPacket, decodeGameControlPacket } from './gameControlPacket';
import { encodeGameControlData } from './gameControlData';
import { encodeHslGameControlData, HslPenalty, HslSetPlay, HslState } from './hslGameControlData';
import { handMadeHslPacket, handMadeSplPacket } from './handMadePackets';
import { decodeReturnData, encodeReturnData } from './returnData';

describe('the HSL packet (version 19, 198 bytes)', () => {
  it('decodes bytes laid out as published, and the encoder writes the same bytes', () => {
    const bytes = handMadeHslPacket();
    const packet = decodeGameControlPacket(bytes);
    expect(packet?.protocol).toBe('hsl');
    if (packet?.protocol !== 'hsl') return;
    const d = packet.data;
    expect(d).toMatchObject({
      packetNumber: 42,
      playersPerTeam: 5,
      competitionType: 0,
      stopped: 1,
      gamePhase: 0,
      state: HslState.playing,
      setPlay: HslSetPlay.throwIn,
      firstHalf: 0,
      kickingTeam: 12,
      secsRemaining: 377,
      secondaryTime: 20,
    });
    expect(d.teams[0]).toMatchObject({ teamNumber: 12, fieldPlayerColour: 1, goalkeeperColour: 2, score: 1 });
    expect(d.teams[0].messageBudget).toBe(1000);
    expect(d.teams[0].players[2]).toEqual({
      penalty: HslPenalty.pushing,
      secsTillUnpenalised: 30,
      warnings: 1,
      cautions: 1,
    });
    expect(d.teams[1]).toMatchObject({ teamNumber: 34, goalkeeper: 2, score: 2, messageBudget: 900 });
    expect(d.teams[1].players[19]!.penalty).toBe(HslPenalty.substitute);
    expect(d.teams.flatMap((t) => t.players)).toHaveLength(40);
    expect(encodeHslGameControlData(d)).toEqual(bytes);
  });
});

describe('telling the SPL and the HSL packet apart (version and datagram length)', () => {
  it('classifies both kinds, and refuses and counts short, long, foreign and mismatched packets of either', () => {
    const hsl = handMadeHslPacket();
    const spl = handMadeSplPacket();
    expect(decodeGameControlPacket(spl)).toEqual({
      protocol: 'spl',
      data: expect.objectContaining({ competitionPhase: 1, state: 2, kickingTeam: 34, secondaryTime: 15 }),
    });
    const counter = new GcPacketCounter();
    const check = (bytes: Uint8Array, team = 12): string => {
      const result = acceptGameControlData(bytes, team);
      counter.count(result);
      return result.ok ? `${result.protocol}:${result.teamIndex}` : result.reason;
    };
    const withByte = (bytes: Uint8Array, at: number, value: number): Uint8Array => {
      const copy = bytes.slice();
      copy[at] = value;
      return copy;
    };
    expect(check(hsl)).toBe('hsl:0');
    expect(check(hsl, 34)).toBe('hsl:1');
    expect(check(spl)).toBe('spl:0');
    expect(check(spl, 34)).toBe('spl:1');
    expect(check(hsl, 99)).toBe('team');
    expect(check(spl, 99)).toBe('team');
    expect(check(hsl.subarray(0, 197))).toBe('size'); // short
    expect(check(new Uint8Array([...hsl, 0]))).toBe('size'); // long
    expect(check(spl.subarray(0, 117))).toBe('size');
    expect(check(new Uint8Array([...spl, 0]))).toBe('size');
    expect(check(new Uint8Array(3))).toBe('size');
    expect(check(withByte(hsl, 0, 0x58))).toBe('header'); // "XGme"
    expect(check(withByte(spl, 3, 0x74))).toBe('header'); // "RGmt"
    // The same header with the other league's version: the length decides what the version must be.
    expect(check(withByte(hsl, 4, 18))).toBe('version');
    expect(check(withByte(spl, 4, 19))).toBe('version');
    expect(check(withByte(spl, 4, 17))).toBe('version');
    // A return packet sent to the data port by mistake is no data packet either.
    expect(
      check(encodeReturnData({ playerNum: 1, teamNum: 12, fallen: 0, pose: [0, 0, 0], ballAge: -1, ball: [0, 0] })),
    ).toBe('size');
    expect(counter.accepted).toBe(4);
    expect(counter.acceptedBy).toEqual({ spl: 2, hsl: 2 });
    expect(counter.rejected).toEqual({ size: 6, header: 2, version: 3, team: 2 });
    expect(counter.rejectedTotal).toBe(13);
    expect(classifyGameControlPacket(withByte(hsl, 4, 18))).toMatchObject({ detail: expect.stringContaining('19') });
  });

  it('answers both leagues with the same 32-byte return packet (RGrt, version 4)', () => {
    const bytes = encodeReturnData({
      playerNum: 3,
      teamNum: 12,
      fallen: 0,
      pose: [-1500, 20, 3],
      ballAge: 1.5,
      ball: [400, -30],
    });
    const v = new DataView(bytes.buffer);
    expect([...bytes.subarray(0, 8)]).toEqual([0x52, 0x47, 0x72, 0x74, 4, 3, 12, 0]);
    expect([8, 12, 16, 20, 24, 28].map((o) => v.getFloat32(o, true))).toEqual([-1500, 20, 3, 1.5, 400, -30]);
    expect(bytes.length).toBe(32);
    expect(decodeReturnData(bytes)?.ball).toEqual([400, -30]);
  });

  it('never throws on random or mutated packets of either kind', () => {
    const random = seededRandom(5);
    const valid = [
      handMadeHslPacket(),
      encodeGameControlData(decodeGameControlPacket(handMadeSplPacket())!.data as never),
    ];
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      const base = valid[i % 2]!;
      const b = i % 3 ? base.slice() : new Uint8Array(Math.floor(random() * 260)).map(() => Math.floor(random() * 256));
      if (i % 3) b[Math.floor(random() * b.length)] = Math.floor(random() * 256);
      const result = acceptGameControlData(b, 12);
      if (result.ok && result.data.teams.length === 2) accepted++;
    }
    // Mutations of a valid packet's body keep it valid; random bytes never are.
    expect(accepted).toBeGreaterThan(1000);
    expect(accepted).toBeLessThan(2000);
  });
});
