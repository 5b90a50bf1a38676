/**
 * @file What the NAO display model is made of: boxes and balls, each fixed to one link of the joint tree
 * (NaoModel.ts) and painted as jersey, plastic body or joint. As plain data, so the parts of all robots can be
 * put into one mesh (RobotsMesh.ts).
 */
import * as THREE from 'three';
import { NAO } from './naoDimensions';

/** Shapes of parts: a box with its edge lengths, or a ball with its radius and segments around and from pole to pole. */
export type PartShape =
  | { readonly kind: 'box'; readonly size: readonly [number, number, number] }
  | { readonly kind: 'ball'; readonly radius: number; readonly segments: readonly [number, number] };

/** How a part is painted. */
export type PartPaint = 'jersey' | 'body' | 'joint';

/** One rigid part of the model. */
export interface PartSpec {
  /** The joint (or `torso`) whose link carries the part. */
  readonly link: string;
  readonly shape: PartShape;
  /** Centre in the link's frame (mm). */
  readonly at: readonly [number, number, number];
  readonly paint: PartPaint;
}

const box = (x: number, y: number, z: number): PartShape => ({ kind: 'box', size: [x, y, z] });
// Small balls get few segments: every triangle costs in software WebGL, and a joint is a few pixels wide.
const ball = (radius: number): PartShape => ({ kind: 'ball', radius, segments: radius > 40 ? [12, 8] : [8, 6] });

/** All parts (sizes in mm). */
export const NAO_PARTS: readonly PartSpec[] = [
  { link: 'torso', shape: box(75, 130, 160), at: [0, 0, 45], paint: 'jersey' },
  { link: 'torso', shape: box(80, 110, 70), at: [8, 0, 70], paint: 'body' },
  { link: 'headPitch', shape: ball(62), at: [0, 0, 55], paint: 'body' },
  ...(['l', 'r'] as const).flatMap((side): PartSpec[] => [
    { link: `${side}ShoulderRoll`, shape: ball(24), at: [0, 0, 0], paint: 'joint' },
    { link: `${side}ShoulderRoll`, shape: box(95, 40, 40), at: [55, 0, 0], paint: 'body' },
    { link: `${side}ElbowRoll`, shape: box(105, 36, 36), at: [60, 0, 0], paint: 'body' },
    { link: `${side}HipPitch`, shape: box(50, 55, 95), at: [0, 0, -50], paint: 'body' },
    { link: `${side}KneePitch`, shape: ball(24), at: [0, 0, 0], paint: 'joint' },
    { link: `${side}KneePitch`, shape: box(45, 50, 95), at: [0, 0, -50], paint: 'body' },
    { link: `${side}AnkleRoll`, shape: box(160, 90, 20), at: [20, 0, -NAO.footHeight + 10], paint: 'body' },
  ]),
];

const BODY = new THREE.Color(0xd8d8d8);
const JOINT = new THREE.Color(0x8a8a8a);

/** The colour of a part of a robot wearing `jersey` (CSS colour). */
export function partColor(paint: PartPaint, jersey: string): THREE.Color {
  if (paint === 'body') return BODY.clone();
  if (paint === 'joint') return JOINT.clone();
  const c = new THREE.Color(jersey);
  // Black jerseys are lifted to dark grey so their shape stays visible.
  if (c.getHSL({ h: 0, s: 0, l: 0 }).l < 0.08) c.setRGB(0.09, 0.09, 0.09);
  return c;
}
