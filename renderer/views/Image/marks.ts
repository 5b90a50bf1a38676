/**
 * @file Marks drawn on a camera image with the Image view's marking tools: balls and penalty marks are dragged from
 * their centre to their edge, robots as a box from corner to corner. Each becomes the console line the host's `mark`
 * command takes, so what the view does is what a user could type (and the console shows it).
 */

/** The marking tools. */
export type MarkTool = 'ball' | 'penaltyMark' | 'robot';

/** A mark in image pixels. */
export type ImageMark =
  | { readonly kind: 'ball' | 'penaltyMark'; readonly x: number; readonly y: number; readonly radius: number }
  | { readonly kind: 'robot'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number };

/** Smallest radius a click without a drag gives a ball or mark (image pixels). */
const MIN_RADIUS = 2;

/** The mark a drag with `tool` from `from` to `to` (image pixels) draws. */
export function markFromDrag(tool: MarkTool, from: { x: number; y: number }, to: { x: number; y: number }): ImageMark {
  if (tool === 'robot') return { kind: 'robot', x1: from.x, y1: from.y, x2: to.x, y2: to.y };
  return { kind: tool, x: from.x, y: from.y, radius: Math.max(MIN_RADIUS, Math.hypot(to.x - from.x, to.y - from.y)) };
}

/** One decimal, as the console prints marks. */
const tenth = (v: number): number => Math.round(v * 10) / 10;

/** The console line that makes `mark` in `thread`'s camera image. */
export function markLine(thread: string, mark: ImageMark): string {
  const values = mark.kind === 'robot' ? [mark.x1, mark.y1, mark.x2, mark.y2] : [mark.x, mark.y, mark.radius];
  return `for ${thread} mark ${mark.kind} ${values.map(tenth).join(' ')}`;
}

/** Colours of the marks as the view paints them (CSS). */
export const MARK_COLORS: Readonly<Record<ImageMark['kind'], string>> = {
  ball: '#ff9800',
  penaltyMark: '#29b6f6',
  robot: '#e040fb',
};

/** Paints `marks` in image pixel coordinates (the context's transform maps them to the screen). */
export function paintMarks(ctx: CanvasRenderingContext2D, marks: readonly ImageMark[], pixel: number): void {
  ctx.lineWidth = 2 * pixel;
  for (const m of marks) {
    ctx.strokeStyle = MARK_COLORS[m.kind];
    ctx.beginPath();
    if (m.kind === 'robot') ctx.rect(m.x1, m.y1, m.x2 - m.x1, m.y2 - m.y1);
    else ctx.arc(m.x, m.y, m.radius, 0, 2 * Math.PI);
    ctx.stroke();
  }
}
