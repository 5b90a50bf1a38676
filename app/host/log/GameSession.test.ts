// A three-robot game recorded headless (`npm run sim -- --record`, scenes/Tests/Trio.ros3) replayed as one session:
// `sml` opens its robots and its game recording on one game clock, a seek moves all three to the same game time
// (each to its last frame at or before it, so within one frame of it), the clocks are aligned by GameController
// packets (shifted clocks are recovered exactly), and the team monitor replays the recorded team messages in order at
// 128×.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, encode } from '@robot-runtime/protocol/binary/encode';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { runSim } from '../cli/sim';
import { ConsoleController } from '../console/ConsoleController';
import { NodeFiles } from '../console/nodeFiles';
import { ReplayTraffic } from '../providers/teamMonitor/ReplayTraffic';
import { alignGame, readClockData } from './gameClockAlignment';
import { GAME_RECORDING_FILE, readGameRecording, type RecordedTeamMessage } from './gameRecordingFormat';
import { LogFile } from './LogFile';
import { logCommands } from './logCommands';
import { logSession } from './LogSession';
import { saveLog } from './saveLog';
import { CONFIG_ROOT } from './testing/InProcessRobot';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-game-'));
const ROBOTS = ['robot2', 'robot21', 'robot3'];
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const lines: string[] = [];
  const code = await runSim(
    { scene: path.join(root, 'scenes/Tests/Trio.ros3'), duration: 14, speed: 'max', seed: 1, progress: 0, record: dir },
    (l) => lines.push(l),
    (l) => lines.push(`ERR ${l}`),
  );
  expect(code, lines.join('\n')).toBe(0);
}, 120_000);

/** A console with the log commands whose replays are paced by the wall clock `now`. */
function gameConsole(now: () => number) {
  const controller = new ConsoleController({ files: new NodeFiles() });
  const output: string[] = [];
  controller.on('output', (o) => output.push(o.robot ? `${o.robot}: ${o.text}` : o.text));
  controller.commands.register(logCommands(controller, { configRoot: CONFIG_ROOT, now }));
  return { controller, output };
}

async function openGame(folder: string, now: () => number = () => 0) {
  const { controller, output } = gameConsole(now);
  controller.execute(`sml ${folder}`);
  await controller.settled();
  const game = logSession(controller.robotConsole('robot2')!).game!;
  return { controller, output, game };
}

/** Rewrites `file` with its clock shifted by `shift` ms (FrameInfo and the GameController packets' receive times). */
function shiftClock(from: string, to: string, shift: number): void {
  const log = LogFile.open(from);
  const frames: Uint8Array[] = [];
  for (let i = 0; i < log.frameCount; i++) {
    const frame = log.readFrame(i);
    const messages = frame.messages.map((m) => {
      if (m.id === MessageID.idFrameInfo) {
        const info = decode(FrameInfo, m.payload);
        return { id: m.id, payload: encode(FrameInfo, { time: info.time + shift }) };
      }
      if (m.id === MessageID.idGameControllerData) {
        const data = decode(GameControllerData, m.payload);
        const received = data.timeLastPacketReceived === 0 ? 0 : data.timeLastPacketReceived + shift;
        return { id: m.id, payload: encode(GameControllerData, { ...data, timeLastPacketReceived: received }) };
      }
      return m;
    });
    frames.push(frameBytes(frame.thread, messages));
  }
  saveLog(to, { settings: log.log.settings, typeInfo: log.log.header.typeInfoBytes }, frames);
  log.close();
}

describe('a recorded game replayed as one session', () => {
  it('opens the three robots and the game recording as one game on the clock of the recording', async () => {
    expect(fs.readdirSync(dir).sort()).toEqual([GAME_RECORDING_FILE, ...ROBOTS.map((r) => `${r}.log`)].sort());
    const { controller, output, game } = await openGame(dir);
    expect(game.names.sort()).toEqual(ROBOTS);
    for (const name of ROBOTS) expect(logSession(controller.robotConsole(name)!).game).toBe(game);
    expect(controller.robotConsole('game')).toBeUndefined();
    expect(game.alignment.method).toBe('gameController');
    expect(game.alignment.reference).toBe('game recording');
    // The simulator gives every robot the GameController's clock: the truth is offset 0 for all of them.
    for (const name of ROBOTS) {
      const clock = game.alignment.robots.get(name)!;
      expect(clock.offset).toBe(0);
      expect(clock.samples).toBeGreaterThan(20);
      expect(clock.spread).toBe(0);
    }
    expect(output.join('\n')).toMatch(/Game of 3 robots with game\.log: clocks aligned by GameController packets/);
    expect(game.clock.state).toBe('playing');
    game.dispose();
  });

  it('a seek moves all three robots to the same game time, within one frame; a step moves the others along', async () => {
    const { game } = await openGame(dir);
    const random = new SeededRandom(44);
    const { start, end } = game.clock;
    expect(end - start).toBeGreaterThan(13_000);
    for (let k = 0; k < 25; k++) {
      const target = Math.round(start + random.next() * (end - start));
      game.clock.seek(target);
      expect(game.clock.time).toBe(target);
      for (const m of game.clock.members) {
        // Its current frame is its last one stamped at or before the target: the next one is after it.
        const current = m.player.current;
        expect(m.times.timeOf(current) - m.offset, `${m.name} at ${target}`).toBeLessThanOrEqual(target);
        if (current + 1 < m.player.frameCount) expect(m.times.timeOf(current + 1) - m.offset).toBeGreaterThan(target);
        expect(m.player.time! - m.offset).toBe(m.times.timeOf(current) - m.offset);
      }
    }
    const robot3 = game.clock.member('robot3')!;
    game.clock.step('robot3', 40);
    const reached = robot3.times.timeOf(robot3.player.current);
    expect(game.clock.time).toBe(reached);
    for (const m of game.clock.members) {
      expect(m.times.timeOf(m.player.current)).toBeLessThanOrEqual(reached);
      if (m.player.current + 1 < m.player.frameCount)
        expect(m.times.timeOf(m.player.current + 1)).toBeGreaterThan(reached);
    }
    game.dispose();
  });

  it('plays all three robots on the game clock: after playing, each is within one frame of the game time', async () => {
    let wall = 0;
    const { controller, game } = await openGame(dir, () => wall);
    game.clock.seek(game.clock.start + 2000);
    game.clock.play();
    for (let i = 0; i < 40; i++) {
      wall += 25;
      controller.update();
    }
    game.clock.pause();
    const time = game.clock.time;
    expect(time).toBeGreaterThan(game.clock.start + 2500);
    for (const m of game.clock.members) {
      const current = m.player.current;
      expect(m.times.timeOf(current) - m.offset).toBeLessThanOrEqual(time);
      if (current + 1 < m.player.frameCount) expect(m.times.timeOf(current + 1) - m.offset).toBeGreaterThan(time);
    }
    game.dispose();
  });

  it('loops the whole game with log cycle: once every robot reached its end, all start over together', async () => {
    let wall = 0;
    const { controller, game } = await openGame(dir, () => wall);
    controller.execute('robot robot3');
    controller.execute('log cycle');
    expect(game.clock.loop).toBe(true);
    game.clock.seek(game.clock.end - 300);
    game.clock.play();
    let wrapped = false;
    for (let i = 0; i < 200 && !wrapped; i++) {
      wall += 50;
      controller.update();
      wrapped = game.clock.time < game.clock.end - 300;
    }
    expect(wrapped).toBe(true);
    expect(game.clock.state).toBe('playing');
    for (const m of game.clock.members) expect(m.player.current).toBeLessThan(m.player.frameCount / 2);
    game.dispose();
  });

  it('recovers shifted robot clocks exactly from the GameController packets (alignment error 0 ms)', () => {
    const shifted = path.join(dir, 'shifted');
    fs.mkdirSync(shifted, { recursive: true });
    const shifts: Record<string, number> = { robot2: 0, robot3: 12_345, robot21: 777_001 };
    for (const name of ROBOTS)
      shiftClock(path.join(dir, `${name}.log`), path.join(shifted, `${name}.log`), shifts[name]!);
    const files = ROBOTS.map((name) => LogFile.open(path.join(shifted, `${name}.log`)));
    const recording = LogFile.open(path.join(dir, GAME_RECORDING_FILE));
    try {
      const data = new Map(ROBOTS.map((name, i) => [name, readClockData(files[i]!)]));
      const withRecording = alignGame(data, readClockData(recording));
      const withoutRecording = alignGame(data);
      expect(withoutRecording.reference).toBe('robot2');
      for (const name of ROBOTS) {
        expect(withRecording.robots.get(name)!.offset).toBe(shifts[name]);
        expect(withoutRecording.robots.get(name)!.offset).toBe(shifts[name]);
      }
    } finally {
      for (const f of [...files, recording]) f.close();
    }
  });

  it('replays the team messages to the team monitor in sending order at 128×', async () => {
    let wall = 0;
    const { controller, game } = await openGame(dir, () => wall);
    const recordingFile = LogFile.open(path.join(dir, GAME_RECORDING_FILE));
    const recorded = readGameRecording(recordingFile).teamMessages;
    recordingFile.close();
    expect(recorded.length).toBeGreaterThanOrEqual(5);
    const fed: RecordedTeamMessage[] = [];
    const traffic = new ReplayTraffic(undefined, (m) => fed.push(m));
    traffic.follow(game);
    game.clock.stop();
    game.clock.setSpeed(128);
    game.clock.play();
    let ticks = 0;
    while (game.clock.state === 'playing' && ticks < 2000) {
      wall += 100; // 12.8 s of game per tick, if the robots keep up (the clock waits for them)
      controller.update();
      traffic.advance();
      ticks++;
    }
    traffic.advance();
    expect(game.clock.time).toBeGreaterThanOrEqual(game.clock.end - 1);
    expect(fed.map((m) => m.sentAt)).toEqual(recorded.map((m) => m.sentAt));
    expect(fed.map((m) => m.sender)).toEqual(recorded.map((m) => m.sender));
    const senders = [...new Set(recorded.map((m) => m.sender))].sort();
    expect(senders.every((s) => ROBOTS.includes(s))).toBe(true);
    const frame = traffic.part()!;
    expect(frame.robots.map((r) => r.name).sort()).toEqual(senders);
    for (const r of frame.robots) expect(r.messages).toBe(recorded.filter((m) => m.sender === r.name).length);
    // A seek back starts the monitor over: only the messages sent by then are counted.
    const middle = Math.round((game.clock.start + game.clock.end) / 2);
    game.clock.seek(middle);
    const before = fed.length;
    traffic.advance();
    expect(fed.slice(before).map((m) => m.sentAt)).toEqual(
      recorded.filter((m) => m.sentAt <= middle).map((m) => m.sentAt),
    );
    game.dispose();
  });
});
