/**
 * @file The soak test: a standalone robot in its own process under hostile clients and packets for a while (all on
 * loopback), watched by a proper console. It checks that the robot's memory stays under a ceiling, that it answers
 * the console's poll in time whenever asked (every second), and that its Motion thread keeps its period (frame
 * numbers and start times from the Motion thread's stopwatch data: no gap between consecutive frames longer than
 * 1.5 periods).
 *
 * The hostile side, all at once: TCP clients that connect and vanish, stay half-open, send garbage framing or
 * absurd packet sizes, ask for the type info over and over without reading, or switch on ever new debug request and
 * debug data names and send module requests (as would-be second consoles), send 48 MiB data changes, 4,800 requests
 * with 10 KiB names or a partial 64 MiB packet; UDP floods of spoofed and random team packets and of GameController
 * data with and without valid headers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import fs from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  decodeDebugResponse,
  encodeDebugDataChangeRequest,
  encodeDebugRequest,
  encodeModuleRequest,
} from '@robot-runtime/protocol/debugMessages';
import { decodeStopwatch } from '@robot-runtime/protocol/debugMessages/stopwatch';
import { RequestNames } from '@robot-runtime/protocol/debugMessages/requestNames';
import { defaultGameControlData, encodeGameControlData } from '@robot-runtime/protocol/gameController/gameControlData';
import { frameThreadName } from '@robot-runtime/protocol/messageQueue/frames';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { handshakeRequestPacket } from '@robot-runtime/protocol/messages/debugLink/handshake';
import { encodePacket } from '@robot-runtime/protocol/messages/debugLink/packets';
import { DebugLinkClient } from '../transport/DebugLinkClient';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the soak asks and allows. */
export interface SoakOptions {
  /** How long the hostile load runs (ms); `npm run fuzz` uses 10 minutes, the smoke in npm test about 20 s. */
  durationMs: number;
  /** The robot's resident memory (all threads) must stay below this (bytes). */
  memoryCeilingBytes?: number;
  /** A poll must be answered completely (every thread) within this (ms). */
  maxPollMs?: number;
  /** The Motion thread may take at most this many periods between two frames. */
  maxMotionGapPeriods?: number;
  /**
   * A quiet phase before the hostile load (ms; default a tenth of the duration, at least 5 s): the same
   * measurements without any hostile input, so that a busy machine shows as such and is not blamed on the load.
   */
  baselineMs?: number;
  /**
   * Every this many ms (default 60 s) the console leaves for `consoleBreakMs` (default 5 s): hostile clients take
   * the free link (so the robot serves hostile consoles too), then the console comes back and must win the link
   * again within `maxRegainMs` (default 15 s).
   */
  consoleBreakEveryMs?: number;
  consoleBreakMs?: number;
  maxRegainMs?: number;
  /** Progress lines (one every 30 s of a long run). */
  log?: (line: string) => void;
}

/** Motion's frame timing over one phase. */
export interface MotionTiming {
  /** Motion frames whose start time arrived. */
  frames: number;
  /** Frames the console never saw (dropped on the way while it read slowly): no gap is measured across them. */
  unseen: number;
  periodMs: number;
  maxGapMs: number;
  /** Gaps longer than `limitMs` (the period times maxMotionGapPeriods). */
  gapsOverLimit: number;
  limitMs: number;
}

/** What was measured. */
export interface SoakReport {
  durationMs: number;
  /** Resident memory of the robot process: after start-up, highest, at the end (bytes). */
  rss: { start: number; max: number; end: number };
  memoryCeilingBytes: number;
  polls: { sent: number; answered: number; maxMs: number; limitMs: number };
  /** The console's breaks, and how long it took to get the link back from the hostile clients each time (ms). */
  breaks: { count: number; longestRegainMs: number; regainsMs: number[]; limitMs: number };
  /** Motion without hostile input (the machine's own jitter) and under the hostile load. */
  motionBaseline: MotionTiming;
  motion: MotionTiming;
  /** Hostile actions carried out, by kind. */
  hostile: Record<string, number>;
  /** The robot process ended during the soak (it must not). */
  robotExited: boolean;
  /** Every broken promise, in words; empty when the soak passed. */
  violations: string[];
}

/** The robot's resident set size (bytes), from the kernel. */
function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface RobotPorts {
  debug: number;
  team: number;
  gameController: number;
}

/** Starts the soak robot; resolves with its ports once it runs. */
function startRobot(returnPort: number): Promise<{ child: ChildProcess; ports: RobotPorts }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repo, 'app/host/fuzz/soakRobot.ts'), String(returnPort)],
    { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the soak robot did not start: ${out}`)), 60_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const line = /^SOAK (.*)$/m.exec(out);
      if (!line) return;
      clearTimeout(timer);
      resolve({ child, ports: JSON.parse(line[1]!) as RobotPorts });
    });
    child.once('exit', (code) => reject(new Error(`the soak robot exited with ${code}: ${out}`)));
  });
}

const request = (name: string, enable = true): Message => ({
  id: MessageID.idDebugRequest,
  payload: encodeDebugRequest({ name, enable }),
});

function threadMessage(thread: string): Message {
  const name = new TextEncoder().encode(thread);
  const payload = new Uint8Array(4 + name.length);
  new DataView(payload.buffer).setUint32(0, name.length, true);
  payload.set(name, 4);
  return { id: MessageID.idThread, payload };
}

/**
 * The attacks of issue 41 finding 7, each a few tens of MiB (built once): 48 MiB of data changes, 4,800 debug requests
 * with 10 KiB names, and a packet that announces 64 MiB and stops after 16 MiB. A waiting client may not announce
 * more than 1 MiB, so the first two reach the robot's hub only when the client holds the link (in a console break).
 */
const heavyPackets = (() => {
  let cached: Record<'large data change' | 'long request names' | 'partial 64 MiB packet', Buffer> | undefined;
  return () => {
    if (cached) return cached;
    // A message holds at most 2^24 - 1 bytes: 48 MiB of data changes are three of almost 16 MiB.
    const changes = [0, 1, 2].map((i) => ({
      id: MessageID.idDebugDataChangeRequest,
      payload: encodeDebugDataChangeRequest({ name: `junk:large${i}`, data: new Uint8Array(2 ** 24 - 64) }),
    }));
    const names = Array.from({ length: 4800 }, (_, i) => request(`${i}:`.padEnd(10 * 1024, 'x')));
    const partial = Buffer.alloc(4 + 16 * 2 ** 20);
    partial.writeInt32LE(64 * 2 ** 20, 0);
    cached = {
      'large data change': Buffer.from(encodePacket(serializeQueue(changes))),
      'long request names': Buffer.from(encodePacket(serializeQueue(names))),
      'partial 64 MiB packet': partial,
    };
    return cached;
  };
})();

/**
 * Every HEAVY_EVERY-th hostile client sends one of the heavy packets (one every 2 s at 50 ms per client): often enough
 * to reach the robot while hostile clients hold the link in the console's breaks, rarely enough that writing them
 * does not stall the soak's own process, where the measuring console runs.
 */
const HEAVY_EVERY = 40;

/** A TCP client that does one hostile thing and is then dropped (by itself or by the robot). */
function hostileTcp(port: number, kind: number, counts: Record<string, number>, sockets: Set<Socket>): void {
  const socket = connect({ host: '127.0.0.1', port });
  sockets.add(socket);
  socket.on('error', () => {});
  socket.on('close', () => sockets.delete(socket));
  const kinds = [
    'churn',
    'half-open',
    'garbage',
    'absurd size',
    'type info flood, never reading',
    'new names and module requests',
  ];
  const heavy = heavyPackets();
  const heavyKinds = Object.keys(heavy) as (keyof typeof heavy)[];
  const name =
    kind % HEAVY_EVERY === HEAVY_EVERY - 1
      ? heavyKinds[Math.floor(kind / HEAVY_EVERY) % heavyKinds.length]!
      : kinds[kind % kinds.length]!;
  counts[`tcp: ${name}`] = (counts[`tcp: ${name}`] ?? 0) + 1;
  socket.on('connect', () => {
    switch (name) {
      case 'large data change':
      case 'long request names':
      case 'partial 64 MiB packet':
        socket.write(handshakeRequestPacket());
        socket.write(heavy[name]);
        setTimeout(() => socket.destroy(), 5000); // holds what it sent, then leaves
        break;
      case 'churn':
        socket.destroy();
        break;
      case 'half-open':
        setTimeout(() => socket.destroy(), 8000); // says nothing for a while
        break;
      case 'garbage':
        socket.end(Uint8Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
        break;
      case 'absurd size':
        socket.end(Uint8Array.from([0xff, 0xff, 0xff, 0x7f, 1, 2, 3]));
        break;
      case 'type info flood, never reading': {
        socket.pause();
        socket.write(handshakeRequestPacket());
        const flood = encodePacket(
          serializeQueue(Array.from({ length: 64 }, () => request('automated requests:TypeInfo'))),
        );
        for (let i = 0; i < 50; i++) socket.write(flood);
        setTimeout(() => socket.destroy(), 5000);
        break;
      }
      default: {
        socket.write(handshakeRequestPacket());
        const stamp = Math.floor(Math.random() * 1e9);
        const names = Array.from({ length: 500 }, (_, i) => request(`junk:${stamp}:${i}`));
        const changes = Array.from({ length: 200 }, (_, i) => ({
          id: MessageID.idDebugDataChangeRequest,
          payload: encodeDebugDataChangeRequest({ name: `junk:${stamp}:${i}`, data: new Uint8Array(1024) }),
        }));
        const modules = Array.from({ length: 5 }, (_, i) => ({
          id: MessageID.idModuleRequest,
          payload: encodeModuleRequest({ timestamp: i, configuration: new Uint8Array(16) }),
        }));
        socket.write(encodePacket(serializeQueue([...names, ...changes, ...modules])));
        setTimeout(() => socket.destroy(), 3000);
      }
    }
  });
}

/** One Motion frame as its stopwatch data tells it: the frame's number and start time (the thread's own clock). */
interface MotionFrame {
  frame: number;
  startMs: number;
}

/**
 * Frame gaps of the Motion thread. A gap is measured only between frames with consecutive numbers, so a frame
 * whose data the robot dropped because the console read too slowly (it bounds what it queues) is not mistaken
 * for a frame the thread missed; such frames are counted as unseen.
 */
function motionTiming(frames: readonly (MotionFrame | undefined)[], maxGapPeriods: number): MotionTiming {
  // undefined separates the stretches the console was connected for; gaps across a break are no frame gaps.
  const gaps: number[] = [];
  let unseen = 0;
  for (let i = 1; i < frames.length; i++) {
    const a = frames[i - 1];
    const b = frames[i];
    if (!a || !b || b.frame <= a.frame) continue;
    if (b.frame === a.frame + 1) gaps.push(b.startMs - a.startMs);
    else unseen += b.frame - a.frame - 1;
  }
  const sorted = [...gaps].sort((a, b) => a - b);
  const periodMs = sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
  const limitMs = periodMs * maxGapPeriods;
  return {
    frames: frames.filter(Boolean).length,
    unseen,
    periodMs,
    maxGapMs: sorted.at(-1) ?? 0,
    gapsOverLimit: gaps.filter((g) => g > limitMs).length,
    limitMs,
  };
}

/** Runs the soak; never throws for a broken promise (they are in `violations`), only when it cannot run at all. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const ceiling = options.memoryCeilingBytes ?? 640 * 1024 * 1024;
  const maxPollMs = options.maxPollMs ?? 1000;
  const maxGapPeriods = options.maxMotionGapPeriods ?? 1.5;
  const log = options.log ?? (() => {});
  const udp: UdpSocket[] = [];
  const openUdp = async (): Promise<UdpSocket> => {
    const s = createSocket('udp4');
    s.on('error', () => {});
    await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
    udp.push(s);
    return s;
  };
  heavyPackets(); // built before anything is measured: it takes the soak's process a while
  const returnSocket = await openUdp(); // receives the robot's GameController return packets
  const { child, ports } = await startRobot(returnSocket.address().port);
  let robotExited = false;
  child.once('exit', () => (robotExited = true));
  const hostile: Record<string, number> = {};
  const sockets = new Set<Socket>();
  const timers: NodeJS.Timeout[] = [];
  const client = new DebugLinkClient();
  const violations: string[] = [];
  let stopped = false;
  try {
    if (!(await client.connect('127.0.0.1', ports.debug, { timeoutMs: 10_000 })))
      throw new Error('the console could not connect to the soak robot');
    // Motion's stopwatch data every frame: frame number and start time on the thread's own clock.
    const motionTimes: (MotionFrame | undefined)[] = [];
    let pollSentAt: number | undefined;
    let pollAnswers = 0;
    const threads = new Set<string>(); // the robot's threads, as their frames show them
    const polls = { sent: 0, answered: 0, maxMs: 0, limitMs: maxPollMs };
    const breaks = { count: 0, longestRegainMs: 0, regainsMs: [] as number[], limitMs: options.maxRegainMs ?? 15_000 };
    let inBreak = false;
    let regainingSince: number | undefined;
    let thread: string | undefined;
    client.on('messages', (messages) => {
      for (const m of messages) {
        if (m.id === MessageID.idFrameBegin) threads.add((thread = frameThreadName(m.payload)));
        else if (m.id === MessageID.idStopwatch && thread === 'Motion') {
          const { frameNumber, threadStartTime } = decodeStopwatch(m.payload);
          motionTimes.push({ frame: frameNumber, startMs: threadStartTime });
        } else if (m.id === MessageID.idDebugResponse && pollSentAt !== undefined) {
          const response = decodeDebugResponse(m.payload);
          // Complete when the Debug thread (the hub) and every thread said so.
          if (response.kind === 'pollingFinished' && ++pollAnswers === threads.size + 1) {
            const ms = performance.now() - pollSentAt;
            pollSentAt = undefined;
            if (regainingSince !== undefined) {
              // The first answer after coming back ends the regaining; its wait was for the link, not the poll.
              const regainMs = performance.now() - regainingSince;
              breaks.regainsMs.push(regainMs);
              breaks.longestRegainMs = Math.max(breaks.longestRegainMs, regainMs);
              regainingSince = undefined;
              continue;
            }
            polls.answered++;
            polls.maxMs = Math.max(polls.maxMs, ms);
            if (ms > maxPollMs) violations.push(`a poll took ${ms.toFixed(0)} ms`);
          }
        }
      }
    });
    client.send([threadMessage('Motion'), request(RequestNames.timing)]);
    const poll = (): void => {
      if (inBreak || client.state !== 'ready') return;
      if (pollSentAt !== undefined) {
        const waited = performance.now() - pollSentAt;
        if (waited > maxPollMs && regainingSince === undefined)
          violations.push(`a poll was not answered within ${waited.toFixed(0)} ms`);
        return;
      }
      pollSentAt = performance.now();
      pollAnswers = 0;
      if (regainingSince === undefined) polls.sent++;
      client.send([request('poll')]);
    };
    timers.push(setInterval(poll, 1000));
    const consoleBreak = async (lost = false): Promise<void> => {
      if (inBreak || (!lost && client.state !== 'ready')) return;
      inBreak = true;
      if (!lost) breaks.count++;
      if (pollSentAt !== undefined && regainingSince === undefined) polls.sent--; // cancelled by leaving, not lost
      pollSentAt = undefined;
      motionTimes.push(undefined);
      if (!lost) {
        await client.close({ lingerMs: 0 });
        await new Promise((resolve) => setTimeout(resolve, options.consoleBreakMs ?? 5000));
      }
      const since = performance.now();
      // Hostile clients hold the link or wait for it now: the console competes like any newcomer.
      while (!stopped && !(await client.connect('127.0.0.1', ports.debug, { timeoutMs: 3000 }))) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Frames that arrived while the old link closed belong to before the break: nothing spans it.
      motionTimes.push(undefined);
      client.send([threadMessage('Motion'), request(RequestNames.timing)]);
      regainingSince = since;
      inBreak = false;
    };

    const rss = { start: residentBytes(child.pid!), max: 0, end: 0 };
    timers.push(
      setInterval(() => {
        const now = residentBytes(child.pid!);
        rss.max = Math.max(rss.max, now);
      }, 250),
    );
    const baselineMs = options.baselineMs ?? Math.max(5000, options.durationMs / 10);
    await new Promise((resolve) => setTimeout(resolve, baselineMs));
    const baselineTimes = motionTimes.splice(0);
    timers.push(setInterval(() => void consoleBreak(), options.consoleBreakEveryMs ?? 60_000));
    // The robot must never drop a console that answers; if it does, that is reported and the console comes back.
    client.on('state', ({ state, detail }) => {
      if (state !== 'disconnected' || inBreak || stopped) return;
      violations.push(`the console lost the link${detail ? ` (${detail})` : ''}`);
      void consoleBreak(true);
    });
    // Hostile TCP: a new client every 50 ms, each doing one thing.
    let tcpKind = 0;
    timers.push(setInterval(() => hostileTcp(ports.debug, tcpKind++, hostile, sockets), 50));
    // Hostile UDP: team packets (valid header, spoofed players, random bytes) and GameController data.
    const spoofers = await Promise.all(Array.from({ length: 4 }, () => openUdp()));
    const gcData = encodeGameControlData(defaultGameControlData(5, 6));
    timers.push(
      setInterval(() => {
        for (const s of spoofers) {
          for (let i = 0; i < 10; i++) {
            const packet = Uint8Array.from({ length: 8 + Math.floor(Math.random() * 120) }, () =>
              Math.floor(Math.random() * 256),
            );
            packet[0] = 72; // version with magic number 0: a valid header
            s.send(packet, ports.team, '127.0.0.1');
          }
          s.send(
            Uint8Array.from({ length: 200 }, () => Math.floor(Math.random() * 256)),
            ports.team,
            '127.0.0.1',
          );
          s.send(gcData, ports.gameController, '127.0.0.1');
          s.send(
            Uint8Array.from({ length: gcData.length }, () => Math.floor(Math.random() * 256)),
            ports.gameController,
            '127.0.0.1',
          );
        }
        hostile['udp: team packets'] = (hostile['udp: team packets'] ?? 0) + spoofers.length * 11;
        hostile['udp: GameController packets'] = (hostile['udp: GameController packets'] ?? 0) + spoofers.length * 2;
      }, 20),
    );

    const started = performance.now();
    for (let next = 30_000; performance.now() - started < options.durationMs;) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(1000, options.durationMs - (performance.now() - started))),
      );
      if (robotExited) break;
      if (performance.now() - started >= next) {
        log(
          `soak: ${((performance.now() - started) / 1000).toFixed(0)} s, rss ${(residentBytes(child.pid!) / 2 ** 20).toFixed(0)} MB (max ${(rss.max / 2 ** 20).toFixed(0)}), polls ${polls.answered}/${polls.sent}, slowest ${polls.maxMs.toFixed(0)} ms`,
        );
        next += 30_000;
      }
    }
    stopped = true;
    for (const t of timers.splice(0)) clearInterval(t);
    for (const s of sockets) s.destroy();
    // What the hostile clients made the robot hold must come back once they are gone.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    rss.end = residentBytes(child.pid!);

    const motionBaseline = motionTiming(baselineTimes, maxGapPeriods);
    const motion = motionTiming(motionTimes, maxGapPeriods);
    const periodMs = motion.periodMs;
    if (robotExited) violations.push('the robot process ended');
    if (rss.max > ceiling)
      violations.push(
        `the robot's memory reached ${(rss.max / 2 ** 20).toFixed(0)} MB (ceiling ${(ceiling / 2 ** 20).toFixed(0)} MB)`,
      );
    if (polls.answered < polls.sent - 1) violations.push(`${polls.sent - polls.answered} polls were never answered`);
    if (breaks.longestRegainMs > breaks.limitMs || regainingSince !== undefined) {
      violations.push(
        `the console needed ${(breaks.longestRegainMs / 1000).toFixed(1)} s to get the link back from hostile clients`,
      );
    }
    if (motion.frames < 2) violations.push('no Motion frames arrived');
    else if (motion.gapsOverLimit > 0) {
      violations.push(
        `Motion missed its period by more than ${Math.round((maxGapPeriods - 1) * 100)} % ${motion.gapsOverLimit} times in ${motion.frames} frames (longest gap ${motion.maxGapMs} ms, period ${periodMs} ms; without hostile input: ${motionBaseline.gapsOverLimit} times in ${motionBaseline.frames} frames, longest ${motionBaseline.maxGapMs} ms)`,
      );
    }
    return {
      durationMs: options.durationMs,
      rss,
      memoryCeilingBytes: ceiling,
      polls,
      breaks,
      motionBaseline,
      motion,
      hostile,
      robotExited,
      violations,
    };
  } finally {
    stopped = true;
    for (const t of timers) clearInterval(t);
    for (const s of sockets) s.destroy();
    await client.close({ lingerMs: 200 });
    for (const s of udp) s.close();
    if (!robotExited) {
      child.kill('SIGTERM');
      await Promise.race([
        new Promise((resolve) => child.once('exit', resolve)),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
}
