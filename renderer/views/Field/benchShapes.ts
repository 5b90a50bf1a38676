/**
 * @file Synthetic field drawings for the benchmark (`npm run bench`): a realistic mix of shapes (circles,
 * lines, arrows, dots, polygons, rectangles, arcs, a little text) in runs of a few styles, spread over the
 * field and shifted by `phase` so consecutive frames differ.
 */
import type { WireShape2D } from '@app/ipc/viewData';

const COLORS = [
  { r: 255, g: 0, b: 0, a: 255 },
  { r: 0, g: 0, b: 255, a: 255 },
  { r: 255, g: 128, b: 0, a: 255 },
  { r: 0, g: 192, b: 0, a: 255 },
  { r: 192, g: 0, b: 192, a: 160 },
  { r: 0, g: 0, b: 0, a: 255 },
];

/** `count` shapes for frame `phase`. */
export function syntheticShapes(count: number, phase: number): WireShape2D[] {
  const shapes: WireShape2D[] = [];
  let seed = 12345 + phase;
  const rnd = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const x = (): number => rnd() * 9000 - 4500;
  const y = (): number => rnd() * 6000 - 3000;
  for (let i = 0; i < count; i++) {
    const color = COLORS[Math.floor(i / 200) % COLORS.length]!;
    const pen = { width: 10, style: 1, color };
    const brush = { style: 1, color };
    switch (Math.floor(i / 100) % 8) {
      case 0:
      case 1:
        shapes.push({ type: 'circle', x: x(), y: y(), radius: 30 + rnd() * 60, pen, brush });
        break;
      case 2:
      case 3: {
        // Debug drawings are mostly short segments (percepts, rays, paths); up to 1 m here.
        const x1 = x();
        const y1 = y();
        shapes.push({
          type: 'line',
          x1,
          y1,
          x2: x1 + (rnd() - 0.5) * 1000,
          y2: y1 + (rnd() - 0.5) * 1000,
          width: 10,
          style: 1,
          color,
        });
        break;
      }
      case 4:
        shapes.push({ type: 'dot', x: x(), y: y(), penColor: color, brushColor: color });
        break;
      case 5: {
        const cx = x();
        const cy = y();
        shapes.push({
          type: 'polygon',
          points: [
            { x: cx, y: cy },
            { x: cx + 120, y: cy },
            { x: cx + 60, y: cy + 100 },
          ],
          pen,
          brush: { style: 0, color },
        });
        break;
      }
      case 6: {
        const x1 = x();
        const y1 = y();
        shapes.push({
          type: 'arrow',
          x1,
          y1,
          x2: x1 + (rnd() - 0.5) * 1000,
          y2: y1 + (rnd() - 0.5) * 1000,
          width: 8,
          style: 1,
          color,
        });
        break;
      }
      default:
        if (i % 50 === 0) shapes.push({ type: 'text', x: x(), y: y(), fontSize: 120, color, text: `t${i}` });
        else if (i % 2 === 0)
          shapes.push({
            type: 'rectangle',
            x: x(),
            y: y(),
            width: 80,
            height: 50,
            rotation: rnd(),
            pen,
            brush: { style: 0, color },
          });
        else
          shapes.push({
            type: 'arc',
            x: x(),
            y: y(),
            radius: 90,
            startAngle: rnd() * 6,
            spanAngle: 2,
            pen,
            brush: { style: 0, color },
          });
    }
  }
  return shapes;
}
