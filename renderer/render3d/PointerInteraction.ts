/**
 * @file Mouse handling of the 3-D scene: a press on a robot or the ball takes the pointer away from the orbit
 * camera; releasing it without moving selects the robot, dragging moves the object over the ground (shown at
 * once, reported once on release, so the simulation gets one `mvo` per drag instead of one per mouse event).
 */
import * as THREE from 'three';
import { MM } from './units';

/** What a press hit. */
export type PickResult = { kind: 'robot'; name: string } | { kind: 'ball' };

/** What the interaction needs from the scene. */
export interface InteractionHost {
  pick(ray: THREE.Raycaster): PickResult | undefined;
  /** Enables or disables the orbit camera while an object is dragged. */
  setOrbiting(on: boolean): void;
  /** Shows the dragged object at (x, y) mm. */
  preview(target: PickResult, x: number, y: number): void;
  select(robot: string): void;
  moveRobot(robot: string, x: number, y: number): void;
  moveBall(x: number, y: number): void;
}

/** Pointer travel (px) below which a press counts as a click. */
const CLICK_SLOP = 4;
const GROUND = new THREE.Plane(new THREE.Vector3(0, 0, 1), 0);

/** Click-to-select and drag-to-move on a canvas. */
export class PointerInteraction {
  private readonly raycaster = new THREE.Raycaster();
  private drag:
    | { target: PickResult; startX: number; startY: number; moved: boolean; x: number; y: number; pointerId: number }
    | undefined;
  private readonly listeners: [string, (e: PointerEvent) => void][];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly camera: THREE.Camera,
    private readonly host: InteractionHost,
  ) {
    this.listeners = [
      ['pointerdown', (e) => this.down(e)],
      ['pointermove', (e) => this.move(e)],
      ['pointerup', (e) => this.up(e)],
      ['pointercancel', () => this.cancel()],
    ];
    // Capture phase: the orbit controls (listening on the same canvas) must not start rotating on a hit.
    for (const [type, listener] of this.listeners)
      canvas.addEventListener(type, listener as EventListener, { capture: true });
  }

  /** Whether `name` (a robot, or `ball`) is being dragged (its streamed pose is ignored meanwhile). */
  isDragging(name: string): boolean {
    const t = this.drag?.target;
    return t !== undefined && (t.kind === 'ball' ? name === 'ball' : t.name === name);
  }

  /** Removes the listeners. */
  dispose(): void {
    for (const [type, listener] of this.listeners)
      this.canvas.removeEventListener(type, listener as EventListener, { capture: true });
  }

  private ray(e: PointerEvent): THREE.Raycaster {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((e.clientX - rect.left) / rect.width) * 2 - 1,
      -((e.clientY - rect.top) / rect.height) * 2 + 1,
    );
    this.raycaster.setFromCamera(ndc, this.camera);
    return this.raycaster;
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return;
    const target = this.host.pick(this.ray(e));
    if (!target) return;
    e.stopImmediatePropagation();
    this.canvas.setPointerCapture?.(e.pointerId);
    this.host.setOrbiting(false);
    this.drag = { target, startX: e.clientX, startY: e.clientY, moved: false, x: 0, y: 0, pointerId: e.pointerId };
  }

  private move(e: PointerEvent): void {
    const drag = this.drag;
    if (!drag) return;
    e.stopImmediatePropagation();
    if (!drag.moved && Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) < CLICK_SLOP) return;
    const point = this.ray(e).ray.intersectPlane(GROUND, new THREE.Vector3());
    if (!point) return;
    drag.moved = true;
    drag.x = Math.round(point.x / MM);
    drag.y = Math.round(point.y / MM);
    this.host.preview(drag.target, drag.x, drag.y);
  }

  private up(e: PointerEvent): void {
    const drag = this.drag;
    if (!drag) return;
    e.stopImmediatePropagation();
    this.drag = undefined;
    this.canvas.releasePointerCapture?.(drag.pointerId);
    this.host.setOrbiting(true);
    if (!drag.moved) {
      if (drag.target.kind === 'robot') this.host.select(drag.target.name);
    } else if (drag.target.kind === 'robot') this.host.moveRobot(drag.target.name, drag.x, drag.y);
    else this.host.moveBall(drag.x, drag.y);
  }

  private cancel(): void {
    this.drag = undefined;
    this.host.setOrbiting(true);
  }
}
