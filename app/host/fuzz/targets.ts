/**
 * @file What the fuzz suite feeds: every decoder that reads input from outside the process (a robot, a console, a
 * file, the network, the renderer), each with valid seed inputs to mutate, crafted hostile inputs, and the error
 * types it is allowed to throw. Anything else thrown counts as a failure, as does a run over the time limit or
 * heap growth beyond the stated bound.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encode as msgpack } from '@msgpack/msgpack';
import { ConfigurationType } from '@robot-runtime/core/config/Configuration';
import { loadConfiguration } from '@robot-runtime/core/config/loadConfig';
import { DebugHub } from '@robot-runtime/core/debug/DebugHub';
import { ThreadDebugger } from '@robot-runtime/core/debug/ThreadDebugger';
import { ManualClock } from '@robot-runtime/core/Clock';
import { Reassembler } from '@robot-runtime/core/communication/Reassembler';
import { encodeDataFragment, encodeNack } from '@robot-runtime/core/communication/fragments';
import { SensorReader, SENSOR_VECTOR_SIZE } from '@robot-runtime/hosts/robot/lola/SensorLayout';
import { LolaFormatError } from '@robot-runtime/hosts/robot/lola/msgpackScan';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { fromStandardMessage } from '@robot-runtime/hosts/robot/network/standardTranscoder';
import { teamContentCodec, teamMessageEnums } from '@robot-runtime/hosts/robot/network/teamMessageDefinition';
import { encode, StreamError, ValueError } from '@robot-runtime/protocol/binary';
import { ConfigError } from '@robot-runtime/protocol/configMap/ConfigError';
import { parseConfig } from '@robot-runtime/protocol/configMap/parse';
import { parseTyped } from '@robot-runtime/protocol/configMap/parseTyped';
import * as debugMessages from '@robot-runtime/protocol/debugMessages';
import { acceptGameControlData } from '@robot-runtime/protocol/gameController/acceptance';
import { defaultGameControlData, encodeGameControlData } from '@robot-runtime/protocol/gameController/gameControlData';
import { decodeReturnData, encodeReturnData } from '@robot-runtime/protocol/gameController/returnData';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLog } from '@robot-runtime/protocol/log/openLog';
import { readFrame } from '@robot-runtime/protocol/log/readFrame';
import { buildLog, frameBytes } from '@robot-runtime/protocol/log/writeLog';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { parseQueue } from '@robot-runtime/protocol/messageQueue/parseQueue';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { MessageID, messageIdNames, numOfDataMessageIDs } from '@robot-runtime/protocol/messages/MessageIDs';
import { StandardMessageError } from '@robot-runtime/protocol/standardMessage/StandardMessageCodec';
import { TeamMessageCodec } from '@robot-runtime/protocol/teamMessage/TeamMessageCodec';
import { TeamMessageError } from '@robot-runtime/protocol/teamMessage/TeamMessageError';
import {
  decodeWithTypeInfo,
  emptyTypeInfo,
  genericCodec,
  typeInfoFromBytes,
  typeInfoToBytes,
  TypeNestingError,
  UnknownTypeError,
  type TypeInfo,
} from '@robot-runtime/protocol/typeInfo';
import { InBinary } from '@robot-runtime/protocol/binary';
import { robotTypeInfoBytes } from '@robot-runtime/core/debug/robotTypeInfo';
import { allModules } from '@robot-runtime/threads/allModules';
import { parseWireRequest } from '../../ipc/wire';
import type { FuzzTarget } from './FuzzTarget';
import { mcapReplayTarget } from './mcapTarget';
import { loadScene } from '../../simulator/scene/loadScene';
import { SceneError } from '../../simulator/scene/SceneError';
import { physicalCrafted, physicalSeed, preparePhysics, runPhysicalScene } from './physicalScenes';
import { TypeInfoTypes } from '../console/typeData';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const text = new TextEncoder();
const utf8 = new TextDecoder();

const u32 = (n: number): number[] => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];
const str = (s: string): number[] => [...u32(text.encode(s).length), ...text.encode(s)];

/** A TypeInfo stream with the given classes (and no enums), as a robot would send it. */
function typeInfoStream(classes: [string, [string, string][]][]): Uint8Array {
  const info = emptyTypeInfo();
  for (const [name, attributes] of classes)
    info.classes.set(
      name,
      attributes.map(([a, type]) => ({ name: a, type })),
    );
  return typeInfoToBytes(info);
}

/** A type info and a value of its root type `Fuzz`, joined as `u32 typeInfoLength | typeInfo | value`. */
function typeInfoInput(info: Uint8Array, value: Uint8Array): Uint8Array {
  return Uint8Array.from([...u32(info.length), ...info, ...value]);
}

/** Splits what typeInfoInput joined. */
function splitTypeInfoInput(input: Uint8Array): { info: TypeInfo; value: Uint8Array } {
  const inp = new InBinary(input);
  const n = inp.uint32();
  return { info: typeInfoFromBytes(inp.bytesView(Math.min(n, inp.remaining))), value: input.subarray(inp.offset) };
}

const robotTypeInfo = (() => {
  let cached: Uint8Array | undefined;
  return () => (cached ??= robotTypeInfoBytes(allModules));
})();

function debugQueueSeeds(): Uint8Array[] {
  const configuration = encode(
    ConfigurationType,
    loadConfiguration({ fs: new NodeFileSystem(path.join(repo, 'config')), dirs: ['Scenarios/Default', ''] }).value,
  );
  const pen = { width: 1, style: 1, color: { r: 1, g: 2, b: 3, a: 4 } };
  const messages: Message[] = [
    {
      id: MessageID.idDebugRequest,
      payload: debugMessages.encodeDebugRequest({ name: 'representation:BallModel', enable: true }),
    },
    { id: MessageID.idDebugRequest, payload: debugMessages.encodeDebugRequest({ name: 'poll', enable: true }) },
    {
      id: MessageID.idDebugDataChangeRequest,
      payload: debugMessages.encodeDebugDataChangeRequest({ name: 'module:BallLocator', data: new Uint8Array(12) }),
    },
    { id: MessageID.idModuleRequest, payload: debugMessages.encodeModuleRequest({ timestamp: 1, configuration }) },
    {
      id: MessageID.idModuleTable,
      payload: debugMessages.encodeModuleTable({
        modules: [{ name: 'M', requirements: ['A'], provisions: ['B'] }],
        configuration,
      }),
    },
    { id: MessageID.idText, payload: debugMessages.encodeTextMessage('hello') },
    { id: MessageID.idAnnotation, payload: debugMessages.encodeAnnotation({ number: 3, name: 'n', description: 'd' }) },
    {
      id: MessageID.idRobotName,
      payload: debugMessages.encodeRobotName({
        headName: 'H',
        bodyName: 'B',
        location: 'L',
        scenario: 'S',
        playerNumber: 2,
      }),
    },
    { id: MessageID.idPlot, payload: debugMessages.encodePlot({ id: 'p', value: 1.5 }) },
    {
      id: MessageID.idStopwatch,
      payload: debugMessages.encodeStopwatch({
        names: [{ watchId: 1, name: 'w' }],
        times: [{ watchId: 1, micros: 5 }],
        threadStartTime: 1,
        frameNumber: 2,
      }),
    },
    {
      id: MessageID.idDebugResponse,
      payload: debugMessages.encodeDebugResponse({ kind: 'request', name: 'x', enabled: true }),
    },
    {
      id: MessageID.idDebugDrawing,
      payload: debugMessages.encodeDrawing2D({
        drawingId: 1,
        shape: { type: 'line', x1: 0, y1: 1, x2: 2, y2: 3, width: 1, style: 1, color: pen.color },
      }),
    },
  ];
  return [serializeQueue(messages), ...messages.map((m) => serializeQueue([m]))];
}

/** Payload decoders of the console, by message id. */
const PAYLOAD_DECODERS = new Map<number, (payload: Uint8Array) => unknown>([
  [MessageID.idDebugRequest, debugMessages.decodeDebugRequest],
  [MessageID.idDebugDataChangeRequest, debugMessages.decodeDebugDataChangeRequest],
  [MessageID.idDebugDataResponse, debugMessages.decodeDebugDataResponse],
  [MessageID.idModuleRequest, debugMessages.decodeModuleRequest],
  [MessageID.idModuleTable, debugMessages.decodeModuleTable],
  [MessageID.idText, debugMessages.decodeTextMessage],
  [MessageID.idAnnotation, debugMessages.decodeAnnotation],
  [MessageID.idRobotName, debugMessages.decodeRobotName],
  [MessageID.idPlot, debugMessages.decodePlot],
  [MessageID.idStopwatch, debugMessages.decodeStopwatch],
  [MessageID.idDebugResponse, debugMessages.decodeDebugResponse],
  [MessageID.idDebugDrawing, debugMessages.decodeDrawing2D],
  [MessageID.idDebugDrawing3D, debugMessages.decodeDrawing3D],
  [MessageID.idDrawingManager, debugMessages.decodeDrawingManager],
  [MessageID.idDebugImage, debugMessages.decodeDebugImage],
]);

/** A robot's debug side for one input: the hub routes, one thread's debugger applies. */
function robotDebugSide(): { hub: DebugHub; thread: ThreadDebugger } {
  const thread = new ThreadDebugger({ clock: new ManualClock(0, () => 0), threadName: 'Cognition' });
  const hub = new DebugHub({
    threads: () => ['Cognition'],
    deliver: (_t, messages) => messages.forEach((m) => thread.handle(m)),
    typeInfo: () => new Uint8Array(0),
    modules: [],
    configuration: () => ({ defaultRepresentations: [], threads: [] }),
    reconfigure: () => [],
    robotName: { headName: 'H', bodyName: 'B', location: 'Default', scenario: 'Default', playerNumber: 1 },
    send: () => {},
  });
  return { hub, thread };
}

const teamDefinition = (): string =>
  fs.readFileSync(path.join(repo, 'config/Scenarios/Default/teamMessage.def'), 'utf8');

function sensorPacket(shift: number): Uint8Array {
  const floats = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i) + 0.125);
  return msgpack(
    {
      RobotConfig: ['BODY1', '6.0', 'HEAD1', '6.0'],
      Accelerometer: floats(3, (i) => i),
      Position: floats(25, (i) => i / 10 + shift),
      Current: floats(25, () => 1),
      Temperature: floats(25, (i) => 40 + i),
      Status: Array.from({ length: 25 }, (_, i) => i % 4),
      Touch: floats(14, () => 0),
      Sonar: [1.5, 2.5],
    },
    { forceFloat32: true },
  );
}

/** The scene loader on one in-memory file; includes resolve to the repository's scene folder. */
function loadSceneText(input: Uint8Array): unknown {
  const main = path.join(repo, 'scenes', '__fuzz__.ros3');
  return loadScene(main, (file) => {
    if (file === main) return utf8.decode(input);
    const resolved = path.resolve(file);
    // Only regular files of the scene folder: a mutated include must not read devices or the rest of the disk.
    if (
      !resolved.startsWith(path.join(repo, 'scenes') + path.sep) ||
      !fs.statSync(resolved, { throwIfNoEntry: false })?.isFile()
    )
      throw new SceneError(file, 1, '', 'not a scene file');
    return fs.readFileSync(resolved, 'utf8');
  });
}

/** Every decoder the suite drives. */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  {
    name: 'debug queues',
    drives: 'parseQueue, the console payload decoders by id, DebugHub.receive and ThreadDebugger.handle',
    seeds: debugQueueSeeds,
    crafted: () => [
      // Many tiny messages (the queue count is bounded by the bytes), a huge 24-bit size, a giant debug request name.
      serializeQueue(
        Array.from({ length: 50_000 }, () => ({
          id: MessageID.idDebugRequest,
          payload: debugMessages.encodeDebugRequest({ name: 'a', enable: true }),
        })),
      ),
      Uint8Array.from([...u32(8), 0, 0, 0, 0, MessageID.idText, 0xff, 0xff, 0xff]),
      serializeQueue([
        {
          id: MessageID.idDebugRequest,
          payload: debugMessages.encodeDebugRequest({ name: 'x'.repeat(1 << 20), enable: true }),
        },
      ]),
    ],
    run(input) {
      const parsed = parseQueue(input);
      const decoded = parsed.messages.map((m) => {
        const decoder = PAYLOAD_DECODERS.get(m.id);
        try {
          return decoder?.(m.payload);
        } catch (e) {
          if (e instanceof StreamError) return e;
          throw e;
        }
      });
      const { hub, thread } = robotDebugSide();
      hub.receive(parsed.messages);
      return [decoded, thread.endFrame()];
    },
    expected: [StreamError],
  },
  {
    name: 'type info',
    drives: 'typeInfoFromBytes, genericCodec and the console descriptors (TypeInfoTypes) reading a value of it',
    seeds: () => {
      const fuzz = typeInfoStream([
        [
          'Inner',
          [
            ['x', 'float'],
            ['flags', 'bool[3]'],
          ],
        ],
        [
          'Fuzz',
          [
            ['name', 'std::string'],
            ['inner', 'Inner'],
            ['list', 'Inner*'],
            ['grid', 'short[2][2]'],
            ['bytes', 'unsigned char*'],
          ],
        ],
      ]);
      const value = Uint8Array.from([
        ...str('n'),
        0,
        0,
        128,
        63,
        1,
        0,
        1,
        ...u32(1),
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        1,
        0,
        2,
        0,
        3,
        0,
        4,
        0,
        ...u32(2),
        7,
        8,
      ]);
      const robot = robotTypeInfo();
      return [typeInfoInput(fuzz, value), typeInfoInput(robot.slice(), new Uint8Array(64))];
    },
    crafted: () => {
      const chain = Array.from({ length: 5000 }, (_, i): [string, [string, string][]] => [
        i === 0 ? 'Fuzz' : `C${i}`,
        [['next', i + 1 < 5000 ? `C${i + 1}` : 'float']],
      ]);
      const doubling = Array.from({ length: 40 }, (_, i): [string, [string, string][]] => [
        i === 39 ? 'Fuzz' : `X${i + 1}`,
        [
          ['a', i === 0 ? 'Empty' : `X${i}`],
          ['b', i === 0 ? 'Empty' : `X${i}`],
        ],
      ]);
      return [
        typeInfoInput(
          typeInfoStream([
            ['Empty', []],
            ['Fuzz', [['e', 'Empty[65536][65536]']]],
          ]),
          new Uint8Array(0),
        ),
        typeInfoInput(
          typeInfoStream([
            ['Empty', []],
            ['Fuzz', [['e', 'Empty[65536]*']]],
          ]),
          Uint8Array.from(u32(65536)),
        ),
        typeInfoInput(typeInfoStream([['Empty', []], ...doubling]), new Uint8Array(0)),
        typeInfoInput(typeInfoStream(chain), new Uint8Array(4)),
        typeInfoInput(typeInfoStream([['Fuzz', [['deep', `float${'[1]'.repeat(20_000)}`]]]]), new Uint8Array(4)),
        typeInfoInput(typeInfoStream([['Fuzz', [['self', 'Fuzz']]]]), new Uint8Array(0)),
        typeInfoInput(
          typeInfoStream([['Fuzz', [['tree', 'Fuzz*']]]]),
          Uint8Array.from(Array.from({ length: 200 }, () => u32(1)).flat()),
        ),
      ];
    },
    run(input) {
      const { info, value } = splitTypeInfoInput(input);
      const results: unknown[] = [];
      for (const name of [...info.classes.keys()].slice(0, 8).concat('Fuzz')) {
        try {
          results.push(decodeWithTypeInfo(info, name, new InBinary(value)));
        } catch (e) {
          if (
            !(e instanceof StreamError) &&
            !(e instanceof UnknownTypeError) &&
            !(e instanceof TypeNestingError) &&
            !/contains itself|__proto__/.test((e as Error).message)
          )
            throw e;
        }
      }
      try {
        results.push(new TypeInfoTypes(info).decode('Fuzz', value));
      } catch (e) {
        if (
          !(e instanceof StreamError) &&
          !(e instanceof UnknownTypeError) &&
          !(e instanceof TypeNestingError) &&
          !/contains itself/.test((e as Error).message)
        )
          throw e;
      }
      genericCodec(info, 'float');
      return results;
    },
    expected: [StreamError],
  },
  {
    name: 'logs',
    drives: 'openLog (header chunks, index or scan, compressed data) and readFrame of every frame',
    seeds: () => {
      const frames = Array.from({ length: 12 }, (_, i) =>
        frameBytes(['Upper', 'Cognition', 'Motion'][i % 3]!, [
          { id: MessageID.idFrameInfo, payload: Uint8Array.of(i, 0, 0, 0) },
          { id: MessageID.idText, payload: debugMessages.encodeTextMessage(`frame ${i}`) },
        ]),
      );
      const spec = {
        settings: { headName: 'H', bodyName: 'B', playerNumber: 3, location: 'Default', scenario: 'Default' },
        idNames: messageIdNames.slice(0, numOfDataMessageIDs),
        typeInfo: typeInfoToBytes(emptyTypeInfo()),
      };
      return [buildLog(spec, frames).bytes, buildLog({ ...spec, typeInfo: undefined }, frames.slice(0, 3)).bytes];
    },
    crafted: () => {
      const typeInfoBomb = typeInfoStream([
        ['Empty', []],
        ['FrameInfo', [['e', 'Empty[65536][65536]']]],
      ]);
      return [
        Uint8Array.from([3, ...typeInfoBomb, 0, ...u32(0xffffffff), ...u32(0xffffffff)]),
        Uint8Array.from([0, ...u32(0xffffffff), ...u32(0)]),
      ];
    },
    run(input) {
      const log = openLog(new MemorySource(input));
      const frames = Array.from({ length: Math.min(log.index.frameOffsets.length, 10_000) }, (_, i) =>
        readFrame(log, i),
      );
      return [log.problems, frames];
    },
    expected: [],
  },
  {
    name: 'config maps',
    drives: 'parseConfig and parseTyped (FieldDimensions) on configuration text',
    seeds: () =>
      ['fieldDimensions.cfg', 'teamMessageHandler.cfg', 'ballLocator.cfg']
        .flatMap((f) => {
          const file = path.join(repo, 'config/Scenarios/Default', f);
          const fallback = path.join(repo, 'config', f);
          const found = fs.existsSync(file) ? file : fs.existsSync(fallback) ? fallback : undefined;
          return found ? [text.encode(fs.readFileSync(found, 'utf8'))] : [];
        })
        .concat([text.encode('a = 1; b = [1, 2, {c = "x";}]; d = 1deg;')]),
    crafted: () => [
      text.encode(`a = ${'['.repeat(100_000)}`),
      text.encode(`a = ${'{b = '.repeat(50_000)}`),
      text.encode(`a = "${'\\'.repeat(100_000)}`),
    ],
    run(input) {
      const source = utf8.decode(input);
      let record: unknown;
      try {
        record = parseConfig(source, 'fuzz.cfg');
      } catch (e) {
        if (!(e instanceof ConfigError)) throw e;
      }
      return [record, parseTyped(FieldDimensions, source, 'fuzz.cfg')];
    },
    expected: [ConfigError],
  },
  {
    name: 'scenes',
    drives: 'loadScene (XML, includes, placeholders, instantiation) on an in-memory main file',
    seeds: () =>
      ['RemoteRobot.ros3', 'ReplayRobot.ros3'].map((f) =>
        text.encode(fs.readFileSync(path.join(repo, 'scenes', f), 'utf8')),
      ),
    crafted: () => [
      text.encode('<Simulation>&#x110000;</Simulation>'),
      text.encode(`<Simulation>${'<Compound>'.repeat(10_000)}`),
    ],
    run: loadSceneText,
    expected: [SceneError],
  },
  {
    name: 'physical scene values',
    drives: 'loadScene and ArticulatedWorld (MuJoCo: build, 20 steps) on scenes whose numbers come from the input',
    seeds: () => [physicalSeed()],
    crafted: physicalCrafted,
    run: runPhysicalScene,
    expected: [SceneError],
    prepare: preparePhysics,
  },
  {
    name: 'team messages',
    drives: 'TeamMessageCodec.decodePacket (bit-packed teamMessage.def) and the standard message transcoder',
    seeds: () => {
      const codec = TeamMessageCodec.fromDefinition(teamDefinition(), {
        root: 'TeamMessage',
        enums: teamMessageEnums(),
      });
      let state = 7;
      const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
      const header = {
        playerNumber: 2,
        timestamp: 1000,
        referenceGameControllerPacketNumber: 0,
        referenceGameControllerPacketTimestampOffset: 0xffff,
      };
      return [0, 1, 2].map((i) => codec.encodePacket({ ...header, playerNumber: 1 + i }, codec.sample(random, i), 0));
    },
    crafted: () => [new Uint8Array(8), new Uint8Array(128).fill(0xff), new Uint8Array(0)],
    run(input) {
      const codec = TeamMessageCodec.fromDefinition(teamDefinition(), {
        root: 'TeamMessage',
        enums: teamMessageEnums(),
      });
      let packet: unknown;
      try {
        packet = codec.decodePacket(input, 0, 0);
      } catch (e) {
        if (!(e instanceof TeamMessageError)) throw e;
      }
      return [packet, fromStandardMessage(input, teamContentCodec(teamDefinition()), 0)];
    },
    expected: [TeamMessageError, StandardMessageError],
  },
  {
    name: 'GameController packets',
    drives: 'acceptGameControlData (data packets) and decodeReturnData (return packets)',
    seeds: () => [
      encodeGameControlData(defaultGameControlData(5, 6)),
      encodeReturnData({ playerNum: 2, teamNum: 5, fallen: 0, pose: [1, 2, 0.5], ballAge: 1, ball: [3, 4] }),
    ],
    crafted: () => [new Uint8Array(0), new Uint8Array(4096).fill(0xff)],
    run: (input) => [acceptGameControlData(input, 5), decodeReturnData(input)],
    expected: [],
  },
  {
    name: 'LoLA packets',
    drives: 'SensorReader.read (msgpack layout scan, then in-place reads of packets of the same shape)',
    seeds: () => [sensorPacket(0), sensorPacket(1)],
    crafted: () => [
      Uint8Array.from([0xdf, 0xff, 0xff, 0xff, 0xff]),
      Uint8Array.from(Array.from({ length: 100_000 }, () => 0x91)),
      Uint8Array.from([0xdd, 0xff, 0xff, 0xff, 0xff]),
    ],
    run(input) {
      const reader = new SensorReader();
      const out = new Float64Array(SENSOR_VECTOR_SIZE);
      reader.read(sensorPacket(0), out);
      reader.read(input, out);
      return out;
    },
    expected: [LolaFormatError],
  },
  {
    name: 'multicast fragments',
    drives: 'Reassembler.receive and nacks on a stream of mutated fragments and NACKs',
    seeds: () => [
      encodeDataFragment(1, 0, 3, new Uint8Array(100)),
      encodeDataFragment(1, 2, 3, new Uint8Array(10)),
      encodeNack(1, [1, 2]),
      encodeDataFragment(2, 0, 1, new Uint8Array(5)),
    ],
    crafted: () => [
      encodeDataFragment(7, 0, 65535, new Uint8Array(1)),
      encodeNack(
        0,
        Array.from({ length: 600 }, (_, i) => i),
      ),
    ],
    run(input) {
      const reassembler = new Reassembler({ nackDelayMs: 0 });
      const done: unknown[] = [];
      // The input is read as a stream of datagrams: u16 length, then that many bytes, as often as they fit.
      for (let at = 0, t = 0; at + 2 <= input.length; t++) {
        const n = input[at]! | (input[at + 1]! << 8);
        done.push(reassembler.receive(input.subarray(at + 2, at + 2 + n), t), reassembler.nacks(t));
        at += 2 + n;
      }
      done.push(reassembler.receive(input, 1e6), reassembler.nacks(2e6));
      return done;
    },
    expected: [],
  },
  {
    name: 'bridge JSON',
    drives: 'parseWireRequest on frames the renderer (or any page that got a socket) sends',
    seeds: () => [
      text.encode(JSON.stringify({ kind: 'request', id: 1, channel: 'console:execute', payload: { line: 'help' } })),
      text.encode('{"kind":"request","id":2,"channel":"x","payload":{}}'),
    ],
    crafted: () => [
      text.encode('['.repeat(200_000)),
      text.encode(
        `{"kind":"request","id":1,"channel":"console:execute","payload":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
      ),
    ],
    run: (input) => parseWireRequest(utf8.decode(input)),
    expected: [],
  },
  mcapReplayTarget,
];

/** Errors a target's run may throw apart from its `expected` ones: every target reports ValueError as misuse. */
export const ALWAYS_UNEXPECTED = [TypeError, RangeError, ValueError] as const;
