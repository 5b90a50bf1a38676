import { describe, expect, it } from 'vitest';
import type { WireShape2D } from '@app/ipc/viewData';
import { ShapePainter } from './paintShapes';
import { canvasRecorder as recorder } from './testing/canvasRecorder';

const black = { r: 0, g: 0, b: 0, a: 255 };
const orange = { r: 255, g: 128, b: 0, a: 255 };
const map = { scale: 0.1, ySign: -1 as const, e: 500, f: 300 };
/** An orange disc with a black outline, as the ball model draws it. */
const disc = (x: number, y: number): WireShape2D => ({
  type: 'circle',
  x,
  y,
  radius: 50,
  pen: { width: 10, style: 1, color: black },
  brush: { style: 1, color: orange },
});

describe('ShapePainter', () => {
  it('maps world coordinates to canvas pixels with y up and fills and outlines a circle', () => {
    const { ctx, calls } = recorder();
    new ShapePainter().paint(ctx, [disc(1000, 1000)], { map });
    expect(calls).toContain('arc(600,200,5,0,6.3)');
    expect(calls).toContain('fillStyle=rgba(255,128,0,1.000)');
    expect(calls).toContain('strokeStyle=rgba(0,0,0,1.000)');
    expect(calls.filter((c) => c === 'fill()')).toHaveLength(1);
  });

  it('applies ORIGIN to later shapes, batches lines of one style and skips hover-only shapes', () => {
    const { ctx, calls } = recorder();
    const line = (x: number): WireShape2D => ({
      type: 'line',
      x1: x,
      y1: 0,
      x2: x + 100,
      y2: 0,
      width: 10,
      style: 1,
      color: black,
    });
    new ShapePainter().paint(
      ctx,
      [
        { type: 'origin', x: 1000, y: 0, angle: Math.PI / 2 },
        line(0),
        line(10),
        { type: 'tip', x: 0, y: 0, radius: 5, text: 't' },
      ],
      { map },
    );
    expect(calls).toContain('moveTo(600,300)');
    expect(calls).toContain('lineTo(600,290)');
    expect(calls.filter((c) => c === 'stroke()')).toHaveLength(1);
    expect(calls.filter((c) => c === 'beginPath()')).toHaveLength(1);
  });

  it('carries an ORIGIN from drawing to drawing within a thread, as SimRobot does', () => {
    const { ctx, calls } = recorder();
    const ball = disc(500, 0);
    const origin = (x: number, y: number, angle: number): WireShape2D => ({ type: 'origin', x, y, angle });
    new ShapePainter().paintDrawings(
      ctx,
      [
        // `vfd worldState origin:RobotPose`: a drawing with nothing but the robot's pose as ORIGIN.
        { thread: 'Cognition', shapes: [origin(-3997, 612, Math.PI / 2)] },
        // The robot-relative ball 0.5 m ahead lands 0.5 m to the robot's left on the field (it faces +y).
        { thread: 'Cognition', shapes: [ball] },
        // Another thread's drawings keep their own origin: the world frame.
        { thread: 'Upper', shapes: [ball] },
        // `origin:Reset` moves the thread back to the world frame.
        { thread: 'Cognition', shapes: [origin(0, 0, 0)] },
        { thread: 'Cognition', shapes: [disc(1000, 0)] },
      ],
      { map },
    );
    expect(calls.filter((c) => c.startsWith('arc('))).toEqual([
      'arc(100.3,188.8,5,0,6.3)',
      'arc(550,300,5,0,6.3)',
      'arc(600,300,5,0,6.3)',
    ]);
  });

  it('starts every paint in the world frame and returns the ORIGIN a drawing leaves', () => {
    const { ctx, calls } = recorder();
    const painter = new ShapePainter();
    const left = painter.paint(ctx, [{ type: 'origin', x: 1000, y: 2000, angle: 1 }], { map });
    expect(left).toEqual({ x: 1000, y: 2000, angle: 1 });
    painter.paint(ctx, [{ type: 'dot', x: 0, y: 0, penColor: black, brushColor: black }], { map });
    expect(calls).toContain('fillRect(498.5,298.5,3,3)');
  });

  it('takes over a world transform set on the canvas and restores it', () => {
    const { ctx, calls } = recorder();
    new ShapePainter().paint(ctx, [{ type: 'dot', x: 10, y: 20, penColor: black, brushColor: black }], {
      pixel: 1,
      yUp: false,
    });
    expect(calls[0]).toBe('setTransform(1,0,0,1,0,0)');
    expect(calls).toContain('fillRect(8.5,18.5,3,3)');
    expect(calls.at(-1)).toBe(`setTransform(${JSON.stringify({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 })})`);
  });

  it("paints in canvas pixels with an identity transform and restores the caller's transform", () => {
    const { ctx, calls } = recorder();
    new ShapePainter().paint(ctx, [{ type: 'dot', x: 0, y: 0, penColor: black, brushColor: black }], { map });
    expect(calls[0]).toBe('setTransform(1,0,0,1,0,0)');
    expect(calls).toContain('fillRect(498.5,298.5,3,3)');
    expect(calls.at(-1)).toBe(`setTransform(${JSON.stringify({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 })})`);
  });

  it('skips shapes entirely outside the canvas', () => {
    const { ctx, calls } = recorder({ width: 100, height: 100 });
    const inside: WireShape2D = {
      type: 'circle',
      x: -4500,
      y: 2500,
      radius: 50,
      pen: { width: 10, style: 1, color: black },
      brush: { style: 1, color: orange },
    };
    const outside: WireShape2D[] = [
      {
        type: 'circle',
        x: 0,
        y: 0,
        radius: 50,
        pen: { width: 10, style: 1, color: black },
        brush: { style: 1, color: orange },
      },
      { type: 'line', x1: 1000, y1: 0, x2: 2000, y2: 0, width: 10, style: 1, color: black },
      { type: 'dot', x: 0, y: 0, penColor: black, brushColor: black },
      { type: 'text', x: 0, y: 0, fontSize: 100, color: black, text: 'far away' },
    ];
    new ShapePainter().paint(ctx, [...outside, inside], { map });
    expect(calls.filter((c) => c.startsWith('arc('))).toEqual(['arc(50,50,5,0,6.3)']);
    expect(calls.some((c) => c.startsWith('fillRect(') || c.startsWith('fillText(') || c.startsWith('lineTo('))).toBe(
      false,
    );
  });

  it('closes thin solid outlines with a line back to the start and wide ones with closePath', () => {
    const triangle = (width: number): WireShape2D => ({
      type: 'polygon',
      points: [
        { x: 0, y: 0 },
        { x: 1000, y: 0 },
        { x: 0, y: 1000 },
      ],
      pen: { width, style: 1, color: black },
      brush: { style: 0, color: black },
    });
    const thin = recorder();
    new ShapePainter().paint(thin.ctx, [triangle(10)], { map });
    expect(thin.calls.filter((c) => c.startsWith('lineTo(') || c === 'closePath()')).toEqual([
      'lineTo(600,300)',
      'lineTo(500,200)',
      'lineTo(500,300)',
    ]);
    const wide = recorder();
    new ShapePainter().paint(wide.ctx, [triangle(50)], { map });
    expect(wide.calls).toContain('closePath()');
  });

  it('sets each canvas style only when it changes', () => {
    const { ctx, calls } = recorder();
    const line = (y: number, color = black): WireShape2D => ({
      type: 'line',
      x1: 0,
      y1: y,
      x2: 100,
      y2: y,
      width: 10,
      style: 2,
      color,
    });
    const dots = [0, 10, 20].map((x): WireShape2D => ({ type: 'dot', x, y: 0, penColor: orange, brushColor: orange }));
    // Dots end each line run; the runs after them share the stroke style set for the first.
    new ShapePainter().paint(ctx, [line(0), dots[0]!, line(10), dots[1]!, line(20), dots[2]!], { map });
    expect(calls.filter((c) => c.startsWith('strokeStyle='))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('setLineDash('))).toEqual(['setLineDash([4,3])']);
    expect(calls.filter((c) => c.startsWith('fillStyle='))).toHaveLength(1);
    expect(calls.filter((c) => c === 'stroke()')).toHaveLength(3);
  });
});
