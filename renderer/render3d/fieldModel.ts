/**
 * @file The SPL field as 3-D geometry: green carpet with the border strip, white lines (boundary, centre line
 * and circle, penalty and goal areas, penalty marks, centre mark) lying just above the carpet, and the two
 * goals with posts, crossbar and nets. Dimensions come from the scene (FieldGeometry, mm). Pieces of one
 * material are merged into one geometry: software WebGL pays per draw call.
 */
import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { FieldGeometry } from '../../app/ipc/simulation';
import { prelitMaterial, unlitMaterial } from './prelitMaterials';
import { bakeLighting, litColor } from './sceneLighting';
import { mm } from './units';

/** Height of the line strips above the carpet (m): enough to avoid z-fighting, too little to see. */
const LINE_LIFT = 0.002;
const CARPET_COLOR = 0x2f8a2f;
const LINE_COLOR = 0xffffff;
const NET_COLOR = 0xdddddd;

/** Builds the field group; `dispose` frees its GPU resources. */
export function buildField(field: FieldGeometry): { group: THREE.Group; dispose(): void } {
  const group = new THREE.Group();
  group.name = 'field';
  const disposables: { dispose(): void }[] = [];
  const keep = <T extends { dispose(): void }>(d: T): T => {
    disposables.push(d);
    return d;
  };
  const lineMaterial = keep(unlitMaterial(LINE_COLOR));

  const totalLength = field.length + 2 * field.borderStripWidth;
  const totalWidth = field.width + 2 * field.borderStripWidth;
  // Flat, so one lit colour: no per-pixel colour interpolation over most of the canvas.
  const carpetMaterial = keep(unlitMaterial(litColor(CARPET_COLOR, new THREE.Vector3(0, 0, 1))));
  const carpet = new THREE.Mesh(keep(new THREE.PlaneGeometry(mm(totalLength), mm(totalWidth))), carpetMaterial);
  carpet.name = 'carpet';
  // The floor everything stands on, drawn first and without depth: nothing is below it, and depth testing and
  // writing most of the canvas' pixels is a good part of a frame in software WebGL.
  carpet.renderOrder = -1;
  carpet.material.depthTest = false;
  carpet.material.depthWrite = false;
  carpet.userData.ground = true;
  group.add(carpet);

  // Every line piece goes into one geometry: one draw call for all lines (software WebGL pays per call).
  const lines: THREE.BufferGeometry[] = [];
  const halfL = field.length / 2;
  const halfW = field.width / 2;
  const lw = field.lineWidth;
  /** A line strip from (x1, y1) to (x2, y2), mm, centred on that segment. */
  const strip = (x1: number, y1: number, x2: number, y2: number): void => {
    const length = Math.hypot(x2 - x1, y2 - y1) + lw;
    const g = new THREE.PlaneGeometry(mm(length), mm(lw));
    g.rotateZ(Math.atan2(y2 - y1, x2 - x1));
    g.translate(mm((x1 + x2) / 2), mm((y1 + y2) / 2), LINE_LIFT);
    lines.push(g);
  };
  const rect = (x1: number, y1: number, x2: number, y2: number): void => {
    strip(x1, y1, x2, y1);
    strip(x1, y2, x2, y2);
    strip(x1, y1, x1, y2);
    strip(x2, y1, x2, y2);
  };
  rect(-halfL, -halfW, halfL, halfW);
  strip(0, -halfW, 0, halfW);
  const r = field.centerCircleDiameter / 2;
  lines.push(new THREE.RingGeometry(mm(r - lw / 2), mm(r + lw / 2), 64).translate(0, 0, LINE_LIFT));
  const mark = (x: number): void => {
    const s = field.penaltyMarkSize / 2;
    strip(x - s, 0, x + s, 0);
    strip(x, -s, x, s);
  };
  mark(0);
  for (const side of [-1, 1]) {
    const goalLine = side * halfL;
    rect(goalLine - side * field.penaltyAreaLength, -field.penaltyAreaWidth / 2, goalLine, field.penaltyAreaWidth / 2);
    rect(goalLine - side * field.goalAreaLength, -field.goalAreaWidth / 2, goalLine, field.goalAreaWidth / 2);
    mark(side * (halfL - field.penaltyMarkDistance));
    group.add(buildGoal(field, side, keep));
  }
  // Ring and planes differ in attributes only by index layout; both are indexed, so they merge.
  const merged = mergeGeometries(lines.map((g) => g.toNonIndexed()));
  for (const g of lines) g.dispose();
  if (merged) group.add(new THREE.Mesh(keep(merged), lineMaterial));

  return {
    group,
    dispose: () => {
      for (const d of disposables) d.dispose();
    },
  };
}

/** One goal on side ±1 (posts centred on the goal line's outer edge, as the scene places them). */
function buildGoal(field: FieldGeometry, side: number, keep: <T extends { dispose(): void }>(d: T) => T): THREE.Group {
  const goal = new THREE.Group();
  goal.name = side < 0 ? 'goalOwn' : 'goalOpponent';
  const r = field.goalPostDiameter / 2;
  const x = side * (field.length / 2 + field.lineWidth / 2);
  const postY = field.goalInnerWidth / 2 + r;
  const h = field.goalHeight;
  // Posts and crossbar as one geometry. three's cylinders stand along y: the posts are turned up to z, the bar
  // already runs along the goal line.
  const frame = [-postY, postY].map((y) =>
    new THREE.CylinderGeometry(mm(r), mm(r), mm(h), 16).rotateX(Math.PI / 2).translate(mm(x), mm(y), mm(h / 2)),
  );
  frame.push(new THREE.CylinderGeometry(mm(r), mm(r), mm(2 * postY), 16).translate(mm(x), 0, mm(h)));
  const frameGeometry = mergeGeometries(frame);
  for (const g of frame) g.dispose();
  if (frameGeometry) goal.add(new THREE.Mesh(keep(bakeLighting(frameGeometry, 0xffffff)), keep(prelitMaterial())));

  // The net: a wire mesh over back, sides and roof.
  const back = x + side * field.goalDepth;
  const points: number[] = [];
  const seg = (a: [number, number, number], b: [number, number, number]): void => {
    points.push(mm(a[0]), mm(a[1]), mm(a[2]), mm(b[0]), mm(b[1]), mm(b[2]));
  };
  const step = 100;
  for (let y = -postY; y <= postY + 1; y += step) {
    seg([back, y, 0], [back, y, h]);
    seg([x, y, h], [back, y, h]);
  }
  for (let z = 0; z <= h + 1; z += step) seg([back, -postY, z], [back, postY, z]);
  for (const y of [-postY, postY]) {
    for (let d = 0; d <= field.goalDepth + 1; d += step) seg([x + side * d, y, 0], [x + side * d, y, h]);
    for (let z = 0; z <= h + 1; z += step) seg([x, y, z], [back, y, z]);
  }
  for (let d = 0; d <= field.goalDepth + 1; d += step) seg([x + side * d, -postY, h], [x + side * d, postY, h]);
  const geometry = keep(new THREE.BufferGeometry());
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(points, 3));
  goal.add(
    new THREE.LineSegments(
      geometry,
      keep(new THREE.LineBasicMaterial({ color: NET_COLOR, transparent: true, opacity: 0.7 })),
    ),
  );
  return goal;
}
