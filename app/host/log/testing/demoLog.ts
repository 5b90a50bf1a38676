/**
 * @file Test support: a small, complete B-Human log written with the real writer (saveLog): the four threads of a
 * robot at their rates, FrameInfo times, small camera images, GameState changes (initial → ready → set →
 * playing) and annotations, so the log player and annotation views have everything to show.
 */
import { encode } from '@robot-runtime/protocol/binary/encode';
import { encodeAnnotation } from '@robot-runtime/protocol/debugMessages/annotation';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromTypes, typeInfoToBytes } from '@robot-runtime/protocol/typeInfo';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import type { LogIndex } from '@robot-runtime/protocol/log/logIndex';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameState, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { saveLog } from '../saveLog';

/** Game states of the demo log and the cycle (33 ms each) each begins in. */
export const DEMO_GAME_STATES: readonly { cycle: number; state: 'initial' | 'ready' | 'set' | 'playing' }[] = [
  { cycle: 0, state: 'initial' },
  { cycle: 30, state: 'ready' },
  { cycle: 60, state: 'set' },
  { cycle: 75, state: 'playing' },
];

/** Annotations of the demo log: the Cognition frame of the given cycle carries each. */
export const DEMO_ANNOTATIONS: readonly { cycle: number; name: string; description: string }[] = [
  { cycle: 12, name: 'Kick', description: 'kicked the ball towards the goal' },
  { cycle: 45, name: 'Fall', description: 'robot fell forward' },
  { cycle: 90, name: 'Kick', description: 'second kick, left foot' },
];

const enc = (type: AnyType, value: unknown): Uint8Array => encode(type as TypeRef<unknown>, value as never);

/** The frames of one 33 ms cycle: Upper and Lower images, Cognition, three Motion frames. */
function cycleFrames(cycle: number): Uint8Array[] {
  const t = 1000 + Math.round(cycle * 33.33);
  const info = (time: number): Message => ({ id: MessageID.idFrameInfo, payload: enc(FrameInfo, { time }) });
  const image = (width: number, height: number): Message => {
    const pixels = new Uint8Array(width * height * 2);
    for (let i = 0; i < pixels.length; i += 2) pixels[i] = (i + cycle * 8) & 0xff;
    // B-Human's width counts YUYV pixel pairs.
    return {
      id: MessageID.idCameraImage,
      payload: enc(CameraImage, { width: width / 2, height, timestamp: t, image: pixels }),
    };
  };
  let state = 'initial';
  for (const s of DEMO_GAME_STATES) if (s.cycle <= cycle) state = s.state;
  const cognition: Message[] = [
    info(t),
    {
      id: MessageID.idGameState,
      payload: enc(GameState, { ...GameState.defaultValue(), state: GameStateState.valueOf(state) }),
    },
  ];
  DEMO_ANNOTATIONS.forEach((a, number) => {
    if (a.cycle === cycle)
      cognition.push({
        id: MessageID.idAnnotation,
        payload: encodeAnnotation({ number, name: a.name, description: a.description }),
      });
  });
  const frames = [
    frameBytes('Upper', [info(t), image(32, 24)]),
    frameBytes('Lower', [info(t), image(16, 12)]),
    frameBytes('Cognition', cognition),
  ];
  for (let k = 0; k < 3; k++)
    frames.push(
      frameBytes('Motion', [
        info(t + k * 11),
        { id: MessageID.idJointSensorData, payload: enc(JointSensorData, JointSensorData.defaultValue()) },
      ]),
    );
  return frames;
}

/** Writes a demo log of `cycles` cycles (6 frames each, 2 of them image frames) to `path`; returns its index. */
export function writeDemoLog(path: string, cycles = 120): LogIndex {
  const typeInfo = typeInfoToBytes(typeInfoFromTypes(allRepresentations as unknown as AnyType[]));
  function* frames(): Generator<Uint8Array> {
    for (let c = 0; c < cycles; c++) yield* cycleFrames(c);
  }
  return saveLog(
    path,
    {
      settings: { headName: 'Nao', bodyName: 'Nao', playerNumber: 1, location: 'Default', scenario: 'Default' },
      typeInfo,
    },
    frames(),
  );
}
