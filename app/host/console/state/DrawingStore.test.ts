import { describe, expect, it } from 'vitest';
import type { Shape2D } from '@robot-runtime/protocol/debugMessages/drawing2d';
import { DrawingStore } from './DrawingStore';

const ORIGIN_ID = 0;
const PERCEPT_ID = 1;
const MODEL_ID = 2;
/** Each thread declares the same drawings, as a robot's threads do. */
const table = {
  types: [{ id: 0, name: 'drawingOnField' }],
  drawings: [
    { id: ORIGIN_ID, typeId: 0, name: 'perception:RobotPose' },
    { id: PERCEPT_ID, typeId: 0, name: 'representation:BallPercept:field' },
    { id: MODEL_ID, typeId: 0, name: 'representation:BallModel' },
  ],
};
const origin = (x: number): Shape2D => ({ type: 'origin', x, y: 600, angle: 0.5 });
const red = { r: 255, g: 0, b: 0, a: 255 };
const to = (threadName: string): Shape2D => ({ type: 'thread', threadName });

function store(): DrawingStore {
  const s = new DrawingStore();
  for (const thread of ['Upper', 'Lower', 'Cognition']) s.setManager(thread, table);
  return s;
}

/** One frame of `thread` with these shapes per drawing id. */
function frame(s: DrawingStore, thread: string, drawings: [number, Shape2D[]][]): void {
  for (const [id, shapes] of drawings) for (const shape of shapes) s.add(thread, id, shape);
  s.finishFrame(thread);
}

describe('DrawingStore: drawings moved by THREAD', () => {
  it('keeps a moved drawing per target thread, so both camera threads keep their origin', () => {
    const s = store();
    frame(s, 'Cognition', [[ORIGIN_ID, [to('Upper'), origin(-4000)]]]);
    frame(s, 'Cognition', [[ORIGIN_ID, [to('Lower'), origin(-3990)]]]);
    // Each camera thread shows the origin Cognition last gave it; Cognition itself has none.
    expect(s.shapes('Upper', 'perception:RobotPose')).toEqual([to('Upper'), origin(-4000)]);
    expect(s.shapes('Lower', 'perception:RobotPose')).toEqual([to('Lower'), origin(-3990)]);
    expect(s.shapes('Cognition', 'perception:RobotPose')).toBeUndefined();
    // The camera threads' own frames do not replace what was moved to them.
    frame(s, 'Upper', [[PERCEPT_ID, [{ type: 'text', x: 800, y: 400, fontSize: 10, color: red, text: 'ball' }]]]);
    expect(s.shapes('Upper', 'perception:RobotPose')).toEqual([to('Upper'), origin(-4000)]);
    expect(s.shapes('Upper', 'representation:BallPercept:field')).toHaveLength(1);
    // The next move to Upper replaces Upper's copy only.
    frame(s, 'Cognition', [[ORIGIN_ID, [to('Upper'), origin(-3000)]]]);
    expect(s.shapes('Upper', 'perception:RobotPose')![1]).toEqual(origin(-3000));
    expect(s.shapes('Lower', 'perception:RobotPose')![1]).toEqual(origin(-3990));
  });

  it('takes the moved copies back when the drawing arrives without THREAD', () => {
    const s = store();
    frame(s, 'Cognition', [[ORIGIN_ID, [to('Upper'), origin(-4000)]]]);
    frame(s, 'Cognition', [[ORIGIN_ID, [origin(-2000)]]]);
    expect(s.shapes('Upper', 'perception:RobotPose')).toBeUndefined();
    expect(s.shapes('Cognition', 'perception:RobotPose')).toEqual([origin(-2000)]);
  });

  it('keeps a drawing moved to a thread the robot never declared in its own thread', () => {
    const s = store();
    frame(s, 'Cognition', [[MODEL_ID, [to('NoSuchThread'), origin(-1000)]]]);
    expect(s.shapes('NoSuchThread', 'representation:BallModel')).toBeUndefined();
    expect(s.shapes('Cognition', 'representation:BallModel')).toEqual([to('NoSuchThread'), origin(-1000)]);
  });
});
