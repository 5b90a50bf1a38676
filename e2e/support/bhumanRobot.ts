/**
 * @file A robot that streams data the way B-Human's robot code does, for e2e tests: the real debug link server
 * (handshake, flow control) answering polling like a small robot (ScriptedRobot), with a TypeInfo that describes
 * CameraImage as B-Human registers it (width, height, timestamp) and camera images and annotations whose bytes
 * are written here by hand in B-Human's layout.
 */
import { DebugLinkServer } from '../../robot-runtime/hosts/robot/debugLink/DebugLinkServer';
import { makeThread } from '../../robot-runtime/core/config/Configuration';
import { OutBinary } from '../../robot-runtime/protocol/binary';
import { RequestNames } from '../../robot-runtime/protocol/debugMessages/requestNames';
import type { Message } from '../../robot-runtime/protocol/messageQueue/Message';
import { serializeQueue } from '../../robot-runtime/protocol/messageQueue/serializeQueue';
import { MESSAGE_ID_ENUM, MessageID, messageIdNames } from '../../robot-runtime/protocol/messages/MessageIDs';
import { BHUMAN_PRIMITIVES } from '../../robot-runtime/protocol/typeInfo/TypeInfo';
import { frame, ScriptedRobot } from '../../app/host/console/testing/ScriptedRobot';

/** Colours of the test image (Y, U, V): red above, blue bottom left, green bottom right. */
export const TEST_IMAGE_COLORS = { red: [76, 85, 255], blue: [29, 255, 107], green: [150, 44, 21] } as const;

/**
 * A CameraImage payload as B-Human's robot writes it: uint32 width in pixel pairs, uint32 height, uint32
 * timestamp, then width × height × 4 bytes Y0 U Y1 V. This one sends half the height with bit 31 of the timestamp
 * set, which tells the reader to double it (B-Human's rule), so 320 × 120 in the header is 640 × 240 pixels.
 */
export function bhumanCameraImage(timestamp: number): Uint8Array {
  const pairs = 320;
  const rows = 240;
  const out = new OutBinary(12 + pairs * rows * 4);
  out.uint32(pairs);
  out.uint32(rows / 2);
  out.uint32((timestamp | 0x80000000) >>> 0);
  for (let row = 0; row < rows; row++) {
    for (let pair = 0; pair < pairs; pair++) {
      const [y, u, v] =
        row < rows / 2 ? TEST_IMAGE_COLORS.red : pair < pairs / 2 ? TEST_IMAGE_COLORS.blue : TEST_IMAGE_COLORS.green;
      out.uint8(y);
      out.uint8(u);
      out.uint8(y);
      out.uint8(v);
    }
  }
  return out.toBytes();
}

/** An idAnnotation payload as B-Human writes it: uint32 number with bit 31 set, then OutText " name description". */
export function bhumanAnnotation(number: number, name: string, description: string): Uint8Array {
  const text = new TextEncoder().encode(` ${name} ${description.includes(' ') ? `"${description}"` : description}`);
  const out = new OutBinary(4 + text.length);
  out.uint32((number | 0x80000000) >>> 0);
  out.bytes(text);
  return out.toBytes();
}

/** A running B-Human-style robot; `stop()` ends it. */
export interface BHumanRobot {
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts the robot on a free port of 127.0.0.1. */
export async function startBHumanRobot(): Promise<BHumanRobot> {
  const scripted = new ScriptedRobot({
    typeInfo: {
      primitives: [...BHUMAN_PRIMITIVES],
      classes: new Map([
        [
          'CameraImage',
          [
            { name: 'width', type: 'unsigned int' },
            { name: 'height', type: 'unsigned int' },
            { name: 'timestamp', type: 'unsigned int' },
          ],
        ],
      ]),
      enums: new Map([[MESSAGE_ID_ENUM, [...messageIdNames]]]),
    },
    modules: [
      { name: 'CameraProvider', requirements: [], provisions: ['CameraImage'] },
      { name: 'Annotator', requirements: [], provisions: [] },
    ],
    configuration: {
      defaultRepresentations: [],
      threads: [
        makeThread('Upper', 'Perception', { CameraImage: 'CameraProvider' }),
        makeThread('Cognition', 'Cognition'),
      ],
    },
    requests: { Upper: ['representation:CameraImage'], Cognition: [] },
  });
  const server = new DebugLinkServer({ host: '127.0.0.1', port: 0 });
  const { port } = await server.start();
  server.on('queue', ({ messages }) => scripted.send(messages));
  let time = 10_000;
  let annotations = 0;
  const isOn = (name: string): boolean => {
    const log = scripted.requestLog().filter((r) => r.startsWith(`${name}=`));
    return log.length > 0 && log[log.length - 1]!.startsWith(`${name}=on`);
  };
  // Frames at about 10 Hz; the server sends them as the console's acknowledgements allow.
  const timer = setInterval(() => {
    time += 100;
    const out: Message[] = scripted.receive();
    if (isOn('representation:CameraImage'))
      out.push(...frame('Upper', [{ id: MessageID.idCameraImage, payload: bhumanCameraImage(time) }]));
    const cognition: Message[] = [];
    if (isOn(RequestNames.annotation) && annotations < 3) {
      const made = [
        ['GameState', 'kickoff'],
        ['Behavior', 'walk to ball'],
        ['Kick', 'strong left'],
      ][annotations]!;
      cognition.push({ id: MessageID.idAnnotation, payload: bhumanAnnotation(annotations, made[0]!, made[1]!) });
      annotations++;
    }
    out.push(...frame('Cognition', cognition));
    server.send(serializeQueue(out), true);
  }, 100);
  return {
    port,
    async stop() {
      clearInterval(timer);
      await server.stop();
    },
  };
}
