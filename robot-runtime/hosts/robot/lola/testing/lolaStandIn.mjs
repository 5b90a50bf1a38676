// A stand-in for the NAO's LoLA daemon (a test double of the robot, not of our code): listens on a Unix socket,
// sends one msgpack sensor map every 12 ms with the key set and encodings of a real NAO V6, and decodes every
// actuator map it gets back with a general msgpack decoder, checking key order and float32 encoding.
// Reports as JSON lines on stdout.
// usage: node lolaStandIn.mjs <socket path> [--chest-from N] [--die-after N] [--period MS]
// (--period: send a packet every MS ms instead of 12, as a simulator in lock-step that runs faster than real time)
import net from 'node:net';
import fs from 'node:fs';
import { Buffer } from 'node:buffer';
import { setInterval, clearInterval } from 'node:timers';
import { decode } from '@msgpack/msgpack';

const [socketPath, ...rest] = process.argv.slice(2);
const option = (name) => {
  const i = rest.indexOf(name);
  return i < 0 ? undefined : Number(rest[i + 1]);
};
const chestFrom = option('--chest-from');
const dieAfter = option('--die-after');
const period = option('--period') ?? 12;
const EXPECTED_KEYS = ['Position', 'Stiffness', 'REar', 'LEar', 'Chest', 'LEye', 'REye', 'LFoot', 'RFoot', 'Skull'];
const EXPECTED_SIZES = [25, 25, 10, 10, 3, 24, 24, 3, 3, 12];

const report = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

// Minimal msgpack writer with LoLA's encodings: fixmap, fixarray/array16, fixstr, float32 (0xCA), fixint.
function str(s) {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([Buffer.from([0xa0 | b.length]), b]);
}
function f32(v) {
  const b = Buffer.alloc(5);
  b[0] = 0xca;
  b.writeFloatBE(v, 1);
  return b;
}
function array(items) {
  const head =
    items.length < 16
      ? Buffer.from([0x90 | items.length])
      : Buffer.from([0xdc, items.length >> 8, items.length & 0xff]);
  return Buffer.concat([head, ...items]);
}
function map(entries) {
  return Buffer.concat([Buffer.from([0x80 | entries.length]), ...entries.flatMap(([k, v]) => [str(k), v])]);
}

function sensorPacket(n) {
  const t = n * 0.012;
  const floats = (count, f) => array(Array.from({ length: count }, (_, i) => f32(f(i))));
  const touch = Array.from({ length: 14 }, () => 0);
  if (chestFrom !== undefined && n >= chestFrom) touch[0] = 1;
  return map([
    ['RobotConfig', array(['P0000000000000000001', '6.0.0', 'P0000000000000000000', '6.0.0'].map(str))],
    ['Accelerometer', floats(3, (i) => [0.1, -0.2, -9.81][i])],
    ['Angles', floats(2, (i) => [0.01, -0.02][i])],
    ['Battery', floats(4, (i) => [0.9, 128, -1.2, 35][i])],
    ['Current', floats(25, (i) => 0.01 * i)],
    ['FSR', floats(8, () => 0.25)],
    ['Gyroscope', floats(3, (i) => [0.001, 0.002, 0.003][i])],
    // Joint i oscillates around i / 100 rad, so each joint's value is recognizable after the order mapping.
    ['Position', floats(25, (i) => i / 100 + 0.001 * Math.sin(t))],
    ['Sonar', floats(2, () => 2.5)],
    ['Stiffness', floats(25, () => 0.5)],
    ['Temperature', floats(25, (i) => 30 + i)],
    ['Touch', array(touch.map(f32))],
    ['Status', array(Array.from({ length: 25 }, (_, i) => Buffer.from([i % 4])))],
  ]);
}

/** Checks one actuator map: a fixmap of the ten keys in order, every value an array of float32s. */
function checkActuators(bytes) {
  const problems = [];
  if (bytes[0] !== 0x8a) problems.push(`map header 0x${bytes[0].toString(16)}`);
  let pos = 1;
  const keys = [];
  for (let k = 0; k < 10 && pos < bytes.length; k++) {
    const len = bytes[pos] & 0x1f;
    keys.push(bytes.subarray(pos + 1, pos + 1 + len).toString('utf8'));
    pos += 1 + len;
    let count;
    if ((bytes[pos] & 0xf0) === 0x90) [count, pos] = [bytes[pos] & 0x0f, pos + 1];
    else if (bytes[pos] === 0xdc) [count, pos] = [bytes.readUInt16BE(pos + 1), pos + 3];
    else {
      problems.push(`value of ${keys.at(-1)} is not an array`);
      break;
    }
    if (count !== EXPECTED_SIZES[k]) problems.push(`${keys.at(-1)} has ${count} values`);
    for (let i = 0; i < count; i++, pos += 5)
      if (bytes[pos] !== 0xca) problems.push(`${keys.at(-1)}[${i}] is not float32`);
  }
  if (keys.join() !== EXPECTED_KEYS.join()) problems.push(`keys ${keys.join()}`);
  if (pos !== bytes.length) problems.push(`${bytes.length - pos} trailing bytes`);
  return { problems, value: problems.length ? undefined : decode(bytes) };
}

try {
  fs.unlinkSync(socketPath);
} catch {
  // no stale socket
}
const server = net.createServer((socket) => {
  let n = 0;
  let received = 0;
  let pending = Buffer.alloc(0);
  const started = Date.now();
  const timer = setInterval(() => {
    socket.write(sensorPacket(n++));
    if (dieAfter !== undefined && n >= dieAfter) {
      report({ type: 'dying', sent: n });
      process.exit(3); // abruptly, as a crashing LoLA would
    }
  }, period);
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    // Every actuator map has the same size; find it from the first one.
    const size =
      1 +
      EXPECTED_KEYS.reduce((s, k, i) => s + 1 + k.length + (EXPECTED_SIZES[i] < 16 ? 1 : 3) + 5 * EXPECTED_SIZES[i], 0);
    while (pending.length >= size) {
      const packet = pending.subarray(0, size);
      pending = pending.subarray(size);
      received++;
      const { problems, value } = checkActuators(packet);
      if (problems.length || received % 25 === 0)
        report({
          type: 'actuators',
          received,
          sent: n,
          elapsedMs: Date.now() - started,
          problems,
          position: value?.Position,
          stiffness: value?.Stiffness,
          chest: value?.Chest,
        });
    }
  });
  socket.on('close', () => {
    clearInterval(timer);
    report({ type: 'closed', received, sent: n });
  });
  socket.on('error', () => {});
});
server.listen(socketPath, () => report({ type: 'listening', path: socketPath }));
