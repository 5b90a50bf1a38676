/**
 * @file TIP shapes (hover tooltips) and SPOT shapes (Alt-click commands) of the drawings in view: collected
 * once per frame in world coordinates, looked up on pointer moves.
 */
import { carryOrigins, type ThreadDrawing } from '../../components/drawings2d/paintShapes';

/** A tooltip area. */
export interface Tip {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly text: string;
}

/** A command area. */
export interface Spot {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  readonly command: string;
}

/**
 * Tips and spots of the drawings (ORIGIN shapes move them, as they move everything else, and carry on to the later
 * drawings of their thread as the painter's do).
 */
export function collectAreas(drawings: readonly ThreadDrawing[]): { tips: Tip[]; spots: Spot[] } {
  const tips: Tip[] = [];
  const spots: Spot[] = [];
  carryOrigins(drawings, ({ shapes }, origin) => {
    let { x: ox, y: oy, angle } = origin;
    let c = Math.cos(angle);
    let s = Math.sin(angle);
    const tx = (x: number, y: number): [number, number] => [ox + c * x - s * y, oy + s * x + c * y];
    for (const shape of shapes) {
      if (shape.type === 'origin') {
        ({ x: ox, y: oy, angle } = shape);
        c = Math.cos(angle);
        s = Math.sin(angle);
      } else if (shape.type === 'tip') {
        const [x, y] = tx(shape.x, shape.y);
        tips.push({ x, y, radius: shape.radius, text: shape.text });
      } else if (shape.type === 'spot') {
        const [x1, y1] = tx(shape.x1, shape.y1);
        const [x2, y2] = tx(shape.x2, shape.y2);
        spots.push({
          minX: Math.min(x1, x2),
          minY: Math.min(y1, y2),
          maxX: Math.max(x1, x2),
          maxY: Math.max(y1, y2),
          command: shape.command,
        });
      }
    }
    return { x: ox, y: oy, angle };
  });
  return { tips, spots };
}

/** The texts of all tips covering (x, y), nearest first. */
export function tipsAt(tips: readonly Tip[], x: number, y: number): string[] {
  return tips
    .map((t) => ({ t, d: Math.hypot(t.x - x, t.y - y) }))
    .filter(({ t, d }) => d <= t.radius)
    .sort((a, b) => a.d - b.d)
    .map(({ t }) => t.text);
}

/** The command of the first spot containing (x, y). */
export function spotAt(spots: readonly Spot[], x: number, y: number): string | undefined {
  return spots.find((s) => x >= s.minX && x <= s.maxX && y >= s.minY && y <= s.maxY)?.command;
}
