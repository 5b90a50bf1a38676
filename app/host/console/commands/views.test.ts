import { describe, expect, it } from 'vitest';
import { encodeDrawing2D } from '@robot-runtime/protocol/debugMessages/drawing2d';
import { encodePlot } from '@robot-runtime/protocol/debugMessages/plot';
import { PenStyle } from '@robot-runtime/protocol/debugMessages/drawingStyles';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { createHarness } from '../testing/harness';
import { frame } from '../testing/ScriptedRobot';

function ready() {
  const h = createHarness();
  h.run();
  h.console.endOfStartScript();
  h.run();
  h.robot.sent.length = 0;
  return h;
}

const black = { r: 0, g: 0, b: 0, a: 255 };
const line = (x: number) => ({
  type: 'line' as const,
  x1: x,
  y1: 0,
  x2: x,
  y2: 100,
  width: 1,
  style: PenStyle.solidPen,
  color: black,
});

describe('vf / vfd', () => {
  it('adds drawings to field views and switches their requests', () => {
    const h = ready();
    h.run('vf worldState');
    h.run('vf other');
    expect(h.run('vfd ?')).toEqual(['other\nworldState']);
    expect(h.run('vfd worldState ?')).toEqual(['fieldLines\nrepresentation:BallModel']);
    h.run('vfd worldState fieldLines');
    h.run('vfd all representation:BallModel');
    expect(h.console.model.views.fieldView('worldState')!.drawings).toEqual(['fieldLines', 'representation:BallModel']);
    expect(h.robot.requestLog()).toEqual(['debug drawing:field lines=on', 'debug drawing:representation:BallModel=on']);
    // Off in one view keeps the request while another view shows it; off everywhere switches it off.
    h.run('vfd worldState representation:BallModel off');
    expect(h.robot.requestLog()).toHaveLength(2);
    h.run('vfd off');
    expect(h.robot.requestLog().at(-1)).toBe('debug drawing:representation:BallModel=off');
    expect(h.console.model.views.fieldView('worldState')!.drawings).toEqual(['fieldLines']);
  });

  it('rejects unknown views and drawings of the wrong kind', () => {
    const h = ready();
    expect(h.run('vfd nowhere fieldLines')).toEqual(['Unknown field view: nowhere (add it with vf)']);
    h.run('vf worldState');
    expect(h.run('vfd worldState ballSpots')).toEqual(['Unknown drawingOnField drawing: ballSpots']);
  });

  it('shows the shapes of the latest complete frame per drawing', () => {
    const h = ready();
    h.run('vf worldState');
    h.run('vfd worldState fieldLines');
    h.robot.push(
      ...frame('Cognition', [
        { id: MessageID.idDebugDrawing, payload: encodeDrawing2D({ drawingId: 1, shape: line(1) }) },
      ]),
    );
    h.run();
    expect(h.console.model.drawings.shapes('Cognition', 'fieldLines')).toEqual([line(1)]);
    h.robot.push(
      ...frame('Cognition', [
        { id: MessageID.idDebugDrawing, payload: encodeDrawing2D({ drawingId: 1, shape: line(2) }) },
      ]),
    );
    h.run();
    expect(h.console.model.drawings.shapes('Cognition', 'fieldLines')).toEqual([line(2)]);
    const view = h.console.model.views.fieldView('worldState')!;
    expect(h.console.model.viewDrawings(view)).toEqual([
      { drawing: 'fieldLines', thread: 'Cognition', shapes: [line(2)] },
    ]);
  });
});

describe('vi / vid', () => {
  it('adds image views with B-Human default names and switches the image on', () => {
    const h = ready();
    expect(h.run('vi ?')).toEqual(['CameraImage\ncorrected']);
    h.run('vi CameraImage');
    h.run('vi corrected gain 2');
    expect(h.console.model.views.imageViews().map((v) => `${v.name}:${v.image}@${v.thread}x${v.gain}`)).toEqual([
      'correctedUpper:corrected@Upperx2',
      'upper:CameraImage@Upperx1',
    ]);
    expect(h.robot.requestLog()).toEqual(['representation:CameraImage=on@Upper', 'debug images:corrected=on@Upper']);
    h.run('vid upper ballSpots');
    expect(h.robot.requestLog().at(-1)).toBe('debug drawing:ballSpots=on');
    expect(h.run('vid upper representation:BallModel')).toEqual([
      'Unknown drawingOnImage drawing: representation:BallModel',
    ]);
    expect(h.run('vi Nothing')[0]).toMatch(/^Unknown image: Nothing/);
  });
});

describe('vp / vpd', () => {
  it('creates plot views, adds layers (sending dr plot:<id>) and keeps bounded histories', () => {
    const h = ready();
    expect(h.run('vp speed 1 0 10')).toEqual(['Error: numOfValues must be an integer of at least 2']);
    expect(h.run('vp speed 3 10 0')).toEqual(['Error: minValue must be less than maxValue']);
    h.run('vp speed 3 0 10 mm/s s 0');
    expect(h.console.model.plots.view('speed')).toMatchObject({ numOfValues: 3, yUnit: 'mm/s', xUnit: 's', xScale: 1 });
    expect(h.run('vpd speed ?')).toEqual(['module:BallLocator:distance\nspeed']);
    h.run('vpd speed speed red');
    h.run('vpd speed module:BallLocator:distance 00ff80');
    expect(h.robot.requestLog()).toEqual(['plot:speed=on', 'plot:module:BallLocator:distance=on']);
    const layers = h.console.model.plots.view('speed')!.layers;
    expect(layers.map((l) => `${l.plotId}@${l.thread}:${l.description}:${l.color.g}`)).toEqual([
      'speed@Motion:speed:0',
      'module:BallLocator:distance@Cognition:distance:255',
    ]);
    for (let i = 1; i <= 5; i++)
      h.robot.push(...frame('Motion', [{ id: MessageID.idPlot, payload: encodePlot({ id: 'speed', value: i }) }]));
    h.run();
    expect(h.console.model.plots.series('speed')[0]!.values).toEqual([3, 4, 5]);
    h.run('vpd speed speed off');
    expect(h.robot.requestLog().at(-1)).toBe('plot:speed=off@Motion');
    expect(h.run('vpd speed nothing red')).toEqual(['Unknown plot: nothing']);
    expect(h.run('vpd speed speed mauve')[0]).toMatch(/^Unknown color: mauve/);
    expect(h.run('vpd nowhere speed red')).toEqual(['Unknown plot view: nowhere (add it with vp)']);
  });
});
