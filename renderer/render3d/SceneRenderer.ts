/**
 * @file The 3-D scene view's engine, a plain class (React only hosts its canvas): field, ball and robots from the
 * simulation's ground truth, the robots' 3-D debug drawings, an orbit camera that can follow a robot, and
 * picking (click selects a robot; dragging a robot or the ball moves it). It renders on demand: only when
 * something changed or the camera moved, so an idle scene costs nothing.
 *
 * Built for software WebGL (SwiftShader, no GPU), where each draw call and each fragment-shader instruction
 * costs CPU time: all robots are one mesh (RobotsMesh.ts), lighting is computed on the CPU when something
 * moves and the shaders only copy colours (sceneLighting.ts, prelitMaterials.ts), no shadows, no antialiasing.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { Drawing3D, SceneAppearance, SceneDescription, SimulationFrame } from '../../app/ipc/simulation';
import { buildField } from './fieldModel';
import { disposeObject, drawingGroup } from './drawing3dObjects';
import { NAO_PARTS } from './naoLook';
import { NaoModel } from './NaoModel';
import { PointerInteraction, type PickResult } from './PointerInteraction';
import { prelitMaterial, unlitMaterial } from './prelitMaterials';
import { RobotsMesh } from './RobotsMesh';
import { SceneBodies } from './SceneBodies';
import { bakeLighting } from './sceneLighting';
import { mm } from './units';
import { scenePixelRatio, webglRendererName } from './pixelRatio';

/** What the view wants to hear about. */
export interface SceneCallbacks {
  /** A robot was clicked. */
  onSelect?(robot: string): void;
  /** A robot was dragged to field position (x, y) mm. */
  onMoveRobot?(robot: string, x: number, y: number): void;
  /** The ball was dragged to field position (x, y) mm. */
  onMoveBall?(x: number, y: number): void;
}

/** Counters for tests and the benchmark. */
export interface SceneStats {
  robots: number;
  frames: number;
  drawings: number;
}

/** Direction from the field centre to the overview camera (from behind the −y sideline, looking down). */
const OVERVIEW_DIRECTION = new THREE.Vector3(0, -0.72, 0.7).normalize();

/** The 3-D scene. */
export class SceneRenderer {
  readonly stats: SceneStats = { robots: 0, frames: 0, drawings: 0 };
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(45, 1, 0.05, 100);
  private readonly controls: OrbitControls;
  private readonly robots = new Map<string, NaoModel>();
  private robotsMesh: RobotsMesh | undefined;
  /** The scene's own look of its bodies, once it arrived (articulated scenes; the ball in every scene). */
  private bodies: SceneBodies | undefined;
  /** Robots moved since their meshes were last updated. */
  private robotsMoved = false;
  private readonly interaction: PointerInteraction;
  private readonly resizeObserver: ResizeObserver;
  private field: { group: THREE.Group; dispose(): void } | undefined;
  private ball: THREE.Mesh | undefined;
  private drawings: THREE.Group[] = [];
  private selectionMarkers = new Map<string, THREE.Mesh>();
  private selectionGeometry = new THREE.RingGeometry(0.16, 0.2, 32);
  private selectionMaterial = unlitMaterial(0xffd000, THREE.DoubleSide);
  private following: string | undefined;
  private description: SceneDescription | undefined;
  private lastFrame: SimulationFrame | undefined;
  private pendingRender = 0;
  private continuous = false;
  private readonly pixel = new Uint8Array(4);
  private disposed = false;

  constructor(
    private readonly host: HTMLElement,
    callbacks: SceneCallbacks = {},
  ) {
    this.renderer = new THREE.WebGLRenderer({ antialias: false, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(
      scenePixelRatio(window.devicePixelRatio, webglRendererName(this.renderer.getContext())),
    );
    this.renderer.domElement.className = 'scene3d-canvas';
    host.appendChild(this.renderer.domElement);
    this.scene.background = new THREE.Color(0xb8c7db);
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.maxPolarAngle = Math.PI / 2 - 0.02; // never below the carpet
    this.controls.addEventListener('change', () => this.requestRender());
    this.resetCamera();
    this.interaction = new PointerInteraction(this.renderer.domElement, this.camera, {
      pick: (ray) => this.pick(ray),
      setOrbiting: (on) => (this.controls.enabled = on),
      preview: (target, x, y) => this.preview(target, x, y),
      select: (robot) => callbacks.onSelect?.(robot),
      moveRobot: (robot, x, y) => callbacks.onMoveRobot?.(robot, x, y),
      moveBall: (x, y) => callbacks.onMoveBall?.(x, y),
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(host);
    this.resize();
  }

  /** Builds field, ball and robots of a scene (replacing a previous one). */
  setScene(description: SceneDescription): void {
    this.clearScene();
    this.description = description;
    this.field = buildField(description.field);
    this.scene.add(this.field.group);
    if (description.ball) {
      this.ball = new THREE.Mesh(
        bakeLighting(new THREE.SphereGeometry(mm(description.ball.radius), 20, 14), description.ball.color),
        prelitMaterial(),
      );
      this.ball.name = 'ball';
      this.ball.visible = false;
      this.scene.add(this.ball);
    }
    for (const r of description.robots) {
      const model = new NaoModel(r.name, r.color, r.torsoHeight);
      model.setJointOrder(description.jointNames);
      model.root.visible = false; // until its first pose arrives
      this.robots.set(r.name, model);
      this.scene.add(model.root);
    }
    this.robotsMesh = new RobotsMesh(this.robots.size, NAO_PARTS);
    this.scene.add(this.robotsMesh.mesh);
    this.robotsMoved = true;
    this.stats.robots = this.robots.size;
    this.resetCamera();
    if (this.lastFrame) this.setFrame(this.lastFrame);
    this.requestRender();
  }

  /**
   * Draws the bodies with the scene's own appearance (its meshes and primitives) from now on: robots whose frames
   * carry body poses and the ball. The built-in NAO stays for picking, drawings and the selection, undrawn.
   */
  async setAppearance(appearance: SceneAppearance): Promise<void> {
    const bodies = await SceneBodies.create(appearance);
    if (this.disposed || !this.description) {
      bodies.dispose();
      return;
    }
    this.bodies?.dispose();
    this.bodies = bodies;
    this.scene.add(bodies.group);
    this.showBuiltInLook();
    if (this.lastFrame) this.setFrame(this.lastFrame);
    this.requestRender();
  }

  /** Applies a ground-truth frame. */
  setFrame(frame: SimulationFrame): void {
    this.lastFrame = frame;
    for (const r of frame.robots) {
      const model = this.robots.get(r.name);
      if (!model || this.interaction.isDragging(r.name)) continue;
      model.root.visible = true;
      model.update(r.x, r.y, r.rotation, r.fallen, r.joints, r.torso);
      if (r.links) this.bodies?.setRobot(r.name, r.links);
      this.robotsMoved = true;
    }
    if (this.ball && frame.ball && !this.interaction.isDragging('ball')) {
      this.ball.visible = true;
      this.ball.position.set(mm(frame.ball.x), mm(frame.ball.y), mm(frame.ball.z));
      this.bodies?.setBall(frame.ball.x, frame.ball.y, frame.ball.z, frame.ball.rotation);
    }
    this.placeSelectionMarkers();
    this.followTarget();
    this.requestRender();
  }

  /** Replaces the 3-D debug drawings. */
  setDrawings(drawings: readonly Drawing3D[]): void {
    for (const g of this.drawings) {
      g.removeFromParent();
      disposeObject(g);
    }
    this.drawings = [];
    for (const d of drawings) {
      const model = this.robots.get(d.robot);
      const group = drawingGroup(d.shapes);
      if (d.type === 'field') {
        // Field drawings are in the robot's team frame: mirrored for the team that defends +x.
        if (this.defendsPositiveX(d.robot)) group.applyMatrix4(new THREE.Matrix4().makeRotationZ(Math.PI));
        this.scene.add(group);
      } else if (model) model.attachment(d.type, d.thread).add(group);
      else continue;
      this.drawings.push(group);
    }
    this.stats.drawings = this.drawings.length;
    this.requestRender();
  }

  /** Marks the console's selected robots. */
  setSelection(names: readonly string[]): void {
    const wanted = new Set(names.filter((n) => this.robots.has(n)));
    for (const [name, marker] of this.selectionMarkers) {
      if (wanted.has(name)) continue;
      marker.removeFromParent();
      this.selectionMarkers.delete(name);
    }
    for (const name of wanted) {
      if (this.selectionMarkers.has(name)) continue;
      const marker = new THREE.Mesh(this.selectionGeometry, this.selectionMaterial);
      marker.position.z = 0.004;
      this.selectionMarkers.set(name, marker);
      this.scene.add(marker);
    }
    this.placeSelectionMarkers();
    this.requestRender();
  }

  /** Keeps the camera's target on `robot` (undefined: free orbit). */
  follow(robot: string | undefined): void {
    this.following = robot;
    this.followTarget();
    this.requestRender();
  }

  /** Back to the overview of the whole field (as far away as the panel's aspect needs to show all of it). */
  resetCamera(): void {
    const f = this.description?.field;
    const halfLength = mm(f ? f.length / 2 + f.borderStripWidth : 5200);
    const halfWidth = mm(f ? f.width / 2 + f.borderStripWidth : 3700);
    const tanV = Math.tan(THREE.MathUtils.degToRad(this.camera.fov / 2));
    const tanH = tanV * this.camera.aspect;
    // Seen at an angle the field's depth shrinks; 0.8 of its width is a fair estimate of what must fit vertically.
    const distance = 1.05 * Math.max(halfLength / tanH, (0.8 * halfWidth) / tanV);
    this.camera.position.copy(OVERVIEW_DIRECTION).multiplyScalar(distance);
    this.controls.target.set(0, 0, 0);
    this.controls.update();
    this.requestRender();
  }

  /**
   * Turns the camera about its target, as dragging does (the keyboard's way to orbit): `azimuth` about the vertical,
   * `elevation` up or down (rad), never below the carpet.
   */
  orbitBy(azimuth: number, elevation: number): void {
    const target = this.controls.target;
    const offset = this.camera.position.clone().sub(target);
    offset.applyAxisAngle(this.camera.up, azimuth);
    const horizontal = Math.hypot(offset.x, offset.y);
    const current = Math.atan2(offset.z, horizontal);
    const next = THREE.MathUtils.clamp(current + elevation, 0.02, Math.PI / 2 - 0.02);
    const right = new THREE.Vector3(-offset.y, offset.x, 0).normalize();
    if (right.lengthSq() > 0) offset.applyAxisAngle(right, -(next - current));
    this.camera.position.copy(target).add(offset);
    this.controls.update();
    this.requestRender();
  }

  /** Moves the camera towards (factor < 1) or away from (factor > 1) its target. */
  zoomBy(factor: number): void {
    const offset = this.camera.position.clone().sub(this.controls.target).multiplyScalar(factor);
    const length = THREE.MathUtils.clamp(offset.length(), this.controls.minDistance, this.controls.maxDistance);
    this.camera.position.copy(this.controls.target).add(offset.setLength(Math.max(length, 0.1)));
    this.controls.update();
    this.requestRender();
  }

  /** Puts the camera at `position` looking at `target` (field frame, metres). */
  setCamera(position: readonly [number, number, number], target: readonly [number, number, number]): void {
    this.camera.position.set(...position);
    this.controls.target.set(...target);
    this.controls.update();
    this.requestRender();
  }

  /** Renders every animation frame (for measuring frame rates) instead of on demand. */
  setContinuous(on: boolean): void {
    this.continuous = on;
    this.requestRender();
  }

  /** Renders now and waits until the frame is finished (one pixel read back); for measurements. */
  renderBlocking(): void {
    this.draw();
    const gl = this.renderer.getContext();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, this.pixel);
  }

  /** Where a robot's torso (or the ball, `ball`) appears, in client pixels; undefined when unknown. */
  screenPoint(name: string): { x: number; y: number } | undefined {
    const object = name === 'ball' ? this.ball : this.robots.get(name)?.root;
    if (!object?.visible) return undefined;
    const p = object.position.clone();
    if (name !== 'ball') p.z += 0.3;
    p.project(this.camera);
    const rect = this.renderer.domElement.getBoundingClientRect();
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  }

  /** Shapes, instances and triangles drawn of the scene's own look, once it is shown. */
  get appearanceStats(): { batches: number; instances: number; triangles: number } | undefined {
    return this.bodies && { ...this.bodies.stats, triangles: this.bodies.triangles };
  }

  /** The ball's position in the latest frame (mm), if any. */
  get ballPosition(): { x: number; y: number } | undefined {
    return this.lastFrame?.ball;
  }

  /** The element the scene is drawn into. */
  get element(): HTMLElement {
    return this.host;
  }

  /** Names of the robots that have a model. */
  robotNames(): string[] {
    return [...this.robots.keys()];
  }

  /** Frees everything. */
  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.pendingRender);
    this.resizeObserver.disconnect();
    this.interaction.dispose();
    this.controls.dispose();
    this.clearScene();
    this.selectionGeometry.dispose();
    this.selectionMaterial.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  private defendsPositiveX(robot: string): boolean {
    const team = this.description?.robots.find((r) => r.name === robot)?.team ?? 0;
    const firstHalf = this.lastFrame?.game.firstHalf ?? true;
    return (team === 0) !== firstHalf;
  }

  private pick(ray: THREE.Raycaster): PickResult | undefined {
    this.updateRobotsMesh();
    const targets: THREE.Object3D[] = this.robotsMesh ? [this.robotsMesh.mesh] : [];
    if (this.ball?.visible) targets.push(this.ball);
    // The nearest hit wins, robot or ball.
    const hit = ray.intersectObjects(targets, false)[0];
    if (!hit) return undefined;
    if (hit.object === this.ball) return { kind: 'ball' };
    const robot = this.robotsMesh?.robotOf(hit);
    return robot ? { kind: 'robot', name: robot } : undefined;
  }

  private preview(target: PickResult, x: number, y: number): void {
    if (target.kind === 'ball' && this.ball) this.ball.position.set(mm(x), mm(y), this.ball.position.z);
    else if (target.kind === 'robot') {
      this.robots.get(target.name)?.moveTo(x, y);
      this.robotsMoved = true;
    }
    this.placeSelectionMarkers();
    this.requestRender();
  }

  /**
   * Hides the built-in NAO and ball where the scene's look replaces them. Their materials are switched off, not
   * the objects: ray casts still find them, so clicking and dragging work as before.
   */
  private showBuiltInLook(): void {
    const bodies = this.bodies;
    const robotsReplaced = !!bodies && this.robotNames().length > 0 && this.robotNames().every((n) => bodies.has(n));
    if (this.robotsMesh) (this.robotsMesh.mesh.material as THREE.Material).visible = !robotsReplaced;
    if (this.ball) (this.ball.material as THREE.Material).visible = !bodies?.has('ball');
  }

  private placeSelectionMarkers(): void {
    for (const [name, marker] of this.selectionMarkers) {
      const root = this.robots.get(name)?.root;
      if (root) marker.position.set(root.position.x, root.position.y, 0.004);
    }
  }

  private followTarget(): void {
    const root = this.following ? this.robots.get(this.following)?.root : undefined;
    if (!root) return;
    const delta = new THREE.Vector3(root.position.x, root.position.y, 0.3).sub(this.controls.target);
    this.controls.target.add(delta);
    this.camera.position.add(delta);
    this.controls.update();
  }

  private clearScene(): void {
    this.setDrawings([]);
    for (const model of this.robots.values()) model.root.removeFromParent();
    this.robots.clear();
    this.robotsMesh?.dispose();
    this.robotsMesh = undefined;
    this.bodies?.dispose();
    this.bodies = undefined;
    for (const marker of this.selectionMarkers.values()) marker.removeFromParent();
    this.selectionMarkers.clear();
    if (this.ball) {
      this.ball.removeFromParent();
      disposeObject(this.ball);
      this.ball = undefined;
    }
    if (this.field) {
      this.field.group.removeFromParent();
      this.field.dispose();
      this.field = undefined;
    }
    this.stats.robots = 0;
  }

  private resize(): void {
    const width = Math.max(1, this.host.clientWidth);
    const height = Math.max(1, this.host.clientHeight);
    this.renderer.setSize(width, height);
    const firstSize = this.camera.aspect === 1 && width !== height;
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (firstSize) this.resetCamera();
    this.requestRender();
  }

  private requestRender(): void {
    if (this.pendingRender || this.disposed) return;
    this.pendingRender = requestAnimationFrame(() => {
      this.pendingRender = 0;
      this.draw();
      if (this.continuous) this.requestRender();
    });
  }

  private draw(): void {
    this.updateRobotsMesh();
    this.bodies?.prepare(this.camera.position);
    this.renderer.render(this.scene, this.camera);
    this.stats.frames++;
  }

  private updateRobotsMesh(): void {
    if (!this.robotsMoved || !this.robotsMesh) return;
    this.robotsMesh.update(this.robots.values());
    this.robotsMoved = false;
  }
}
