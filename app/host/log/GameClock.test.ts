// The game clock of a replay, on real logs written with the real writer and played by real LogPlayers, with the wall
// clock in the test's hands: robots that cannot keep up hold the clock back, and the clock never goes back while it
// plays, also when a log's threads stamp their frames out of order (a Cognition frame carries the time of its camera
// image, older than the Motion frames logged before it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromTypes, typeInfoToBytes } from '@robot-runtime/protocol/typeInfo';
import type { AnyType } from '@robot-runtime/protocol/types';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameClock, type GameMember } from './GameClock';
import { readClockData } from './gameClockAlignment';
import { LogFile } from './LogFile';
import { LogPlayer } from './LogPlayer';
import { saveLog } from './saveLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-clock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Cycles of 33 ms in each log: 33 s of game, 4,000 frames, more than a player plays in one tick at 128×. */
const CYCLES = 1000;

/**
 * Writes a log of CYCLES cycles: three Motion frames (t, t + 11, t + 22), then, when `late`, a Cognition frame
 * stamped t (older than the Motion frames before it), otherwise one stamped t + 22.
 */
function writeLog(name: string, late: boolean): string {
  const file = path.join(dir, `${name}.log`);
  const info = (time: number) => [{ id: MessageID.idFrameInfo, payload: encode(FrameInfo, { time }) }];
  function* frames(): Generator<Uint8Array> {
    for (let c = 0; c < CYCLES; c++) {
      const t = 1000 + c * 33;
      for (let k = 0; k < 3; k++) yield frameBytes('Motion', info(t + k * 11));
      yield frameBytes('Cognition', info(late ? t : t + 22));
    }
  }
  const typeInfo = typeInfoToBytes(typeInfoFromTypes([FrameInfo as unknown as AnyType]));
  const settings = { headName: 'Nao', bodyName: 'Nao', playerNumber: 1, location: 'Default', scenario: 'Default' };
  saveLog(file, { settings, typeInfo }, frames());
  return file;
}

/** A game of two robots on one clock whose wall time is `wall()`; returns the clock and its logs to close. */
function openGame(wall: () => number) {
  const files = [writeLog('late', true), writeLog('ordered', false)].map((f) => LogFile.open(f));
  const members: GameMember[] = files.map((file, i) => ({
    name: `robot${i + 1}`,
    player: new LogPlayer(file, () => {}),
    times: readClockData(file).times,
    offset: 0,
  }));
  return { clock: new GameClock(members, wall), files };
}

describe('GameClock', () => {
  it('plays at 128× while robots lag, never telling an earlier game time, until every robot reached its end', () => {
    let wall = 0;
    const { clock, files } = openGame(() => wall);
    // The clock is read after every frame a player asks about, as a view may read it at any moment.
    const told: number[] = [];
    for (const m of clock.members) {
      const pace = m.player.pacer!;
      m.player.pacer = (time, nowMs) => {
        const due = pace(time, nowMs);
        told.push(clock.time);
        return due;
      };
    }
    clock.setSpeed(128);
    clock.play();
    let lagged = false;
    for (let tick = 0; tick < 500 && clock.state === 'playing'; tick++) {
      wall += 200; // 25.6 s of game a tick: more frames than a player plays in one tick
      for (const m of clock.members) {
        m.player.tick(wall);
        told.push(clock.time);
      }
      const free = clock.start + wall * 128;
      lagged ||= clock.state === 'playing' && clock.time < free;
    }
    expect(lagged).toBe(true);
    expect(clock.state).toBe('paused');
    expect(clock.time).toBe(clock.end);
    const back = told.findIndex((t, i) => i > 0 && t < told[i - 1]!);
    expect(back, `the clock went back from ${told[back - 1]} to ${told[back]} ms`).toBe(-1);
    for (const m of clock.members) expect(m.player.current).toBe(m.player.frameCount - 1);
    clock.dispose();
    for (const f of files) f.close();
  });

  it('pauses every robot at the game time: each at its last frame stamped at or before it', () => {
    let wall = 0;
    const { clock, files } = openGame(() => wall);
    clock.play();
    for (let tick = 0; tick < 30; tick++) {
      wall += 40;
      for (const m of clock.members) m.player.tick(wall);
    }
    clock.pause();
    const time = clock.time;
    expect(time).toBe(clock.start + 1200);
    for (const m of clock.members) expect(m.player.current).toBe(m.times.frameAt(time + m.offset));
    clock.dispose();
    for (const f of files) f.close();
  });
});
