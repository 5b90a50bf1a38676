// The camera threads have no RobotPose, yet their robot-relative field drawings (BallPercept:field) must be placed
// around the robot: Cognition draws `perception:RobotPose` and hands it to the camera thread whose image it has just
// processed. Real threads, the real exchange and the real ThreadDebugger; only the modules are stand-ins.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/Clock';
import { makeThread } from '../../core/config/Configuration';
import { ThreadDebugger } from '../../core/debug/ThreadDebugger';
import { recordingDebugContext } from '../../core/testing/moduleHarness';
import { ofId, request } from '../../core/debug/testHelpers';
import { defineModule } from '../../core/module/defineModule';
import { RobotProgram } from '../../core/threads/RobotProgram';
import { decodeDrawing2D, type Shape2D } from '../../protocol/debugMessages/drawing2d';
import { decodeDrawingManager } from '../../protocol/debugMessages/drawingManager';
import { RequestNames } from '../../protocol/debugMessages/requestNames';
import type { Message } from '../../protocol/messageQueue/Message';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { Camera, CameraInfo } from '../Infrastructure/CameraInfo';
import { BallPercept, BallPerceptStatus } from '../Perception/BallPercept';
import { RobotPose } from './RobotPose';

/** A camera module per camera thread, so that each thread's CameraInfo names its camera. */
const cameraModule = (name: string, camera: number) =>
  defineModule({ name, category: 'Infrastructure', provides: [CameraInfo] }).implement(() => ({
    update: {
      CameraInfo(info) {
        info.camera = camera;
      },
    },
  }));
const UpperCamera = cameraModule('UpperCamera', Camera.upper);
const LowerCamera = cameraModule('LowerCamera', Camera.lower);

/** Sees the ball 0.8 m ahead and 0.4 m to the left of the robot (robot-relative, as every percept). */
const Perceptor = defineModule({
  name: 'Perceptor',
  category: 'Perception',
  requires: [CameraInfo],
  provides: [BallPercept],
}).implement(() => ({
  update: {
    BallPercept(p) {
      p.status = BallPerceptStatus.seen;
      p.positionOnField = { x: 800, y: 400 };
    },
  },
}));

/** The robot's pose estimate, in Cognition only; it uses the newest CameraInfo as the ball locator does. */
const POSE = { x: -4000, y: 600, rotation: 0.5 };
const Locator = defineModule({
  name: 'Locator',
  category: 'Modeling',
  uses: [CameraInfo],
  provides: [RobotPose],
}).implement(() => ({
  update: {
    RobotPose(pose) {
      pose.translation = { x: POSE.x, y: POSE.y };
      pose.rotation = POSE.rotation;
    },
  },
}));

function robot() {
  return new RobotProgram({
    modules: [UpperCamera, LowerCamera, Perceptor, Locator],
    configuration: {
      defaultRepresentations: [],
      threads: [
        makeThread('Upper', 'Perception', { CameraInfo: 'UpperCamera', BallPercept: 'Perceptor' }),
        makeThread('Lower', 'Perception', { CameraInfo: 'LowerCamera', BallPercept: 'Perceptor' }),
        makeThread('Cognition', 'Cognition', { RobotPose: 'Locator' }),
      ],
    },
    clock: new ManualClock(),
    createDebugger: (name, clock) => {
      const debug = new ThreadDebugger({ clock, threadName: name });
      // What `vfd worldState perception:RobotPose` and `… representation:BallPercept:field` switch on.
      for (const r of [
        RequestNames.drawingManager,
        'debug drawing:perception:RobotPose',
        'debug drawing:representation:BallPercept:field',
      ])
        debug.handle(request(r));
      return debug;
    },
  });
}

/** Drawing names by id per thread, from the drawing manager each thread sends once. */
const drawingNames = new Map<string, Map<number, string>>();

/** The field drawings of one frame of `thread` by name. */
function drawingsOf(thread: string, messages: Message[]): Map<string, Shape2D[]> {
  const sent = ofId(messages, MessageID.idDrawingManager)[0];
  if (sent)
    drawingNames.set(thread, new Map(decodeDrawingManager(sent.payload).drawings.map((d) => [d.id, d.name] as const)));
  const names = drawingNames.get(thread)!;
  const result = new Map<string, Shape2D[]>();
  for (const m of ofId(messages, MessageID.idDebugDrawing)) {
    const { drawingId, shape } = decodeDrawing2D(m.payload);
    const name = names.get(drawingId)!;
    result.set(name, [...(result.get(name) ?? []), shape]);
  }
  return result;
}

describe('RobotPose: the camera threads’ origin', () => {
  it('hands the robot’s origin to the camera thread whose image Cognition has just processed', () => {
    const program = robot();
    const upper = drawingsOf('Upper', program.thread('Upper')!.runFrame());
    // The percept itself is robot-relative and drawn in its own thread, without any origin.
    expect(upper.get('representation:BallPercept:field')!.map((s) => s.type)).toEqual(['circle']);
    expect(upper.has('perception:RobotPose')).toBe(false);

    const afterUpper = drawingsOf('Cognition', program.thread('Cognition')!.runFrame());
    expect(afterUpper.get('perception:RobotPose')).toEqual([
      { type: 'thread', threadName: 'Upper' },
      { type: 'origin', x: POSE.x, y: POSE.y, angle: expect.closeTo(POSE.rotation, 6) },
    ]);

    program.thread('Lower')!.runFrame();
    const afterLower = drawingsOf('Cognition', program.thread('Cognition')!.runFrame());
    expect(afterLower.get('perception:RobotPose')![0]).toEqual({ type: 'thread', threadName: 'Lower' });
    expect(afterLower.get('perception:RobotPose')![1]).toMatchObject({ type: 'origin', x: POSE.x, y: POSE.y });
  });

  it('stays in the drawing thread where no camera image was processed', () => {
    const debug = recordingDebugContext();
    RobotPose.hooks.draw!(RobotPose.defaultValue(), debug, { get: () => undefined });
    // Drawn as an origin of Cognition's own, as B-Human does without a CameraInfo.
    expect(debug.shapes('perception:RobotPose').map((c) => c.shape)).toEqual(['origin']);
    expect(debug.shapes('perception:Reset').map((c) => c.shape)).toEqual(['origin']);
  });
});
