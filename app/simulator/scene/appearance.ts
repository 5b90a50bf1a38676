/**
 * What a scene body looks like: its appearances (ComplexAppearance meshes and the primitive Box, Sphere, Cylinder
 * and CapsuleAppearance) flattened into drawable parts in the body's own frame, each with its Surface. Appearance
 * groups (`Appearance`) only carry children and a pose; a body's joints and child bodies are other bodies and not
 * part of its look. The 3-D view and the camera images draw bodies from these parts.
 */
import type { ColorRGBA, Pose3 } from '@robot-runtime/math/types';
import { composePose3 } from '@robot-runtime/math/rotation';
import type { Mesh, SceneNode, SurfaceSpec } from './sceneGraph';

/** One drawable part of a body's appearance. Dimensions in metres, as in the scene graph. */
export interface AppearancePart {
  shape: 'box' | 'sphere' | 'cylinder' | 'capsule' | 'mesh';
  /** Box: x, y, z extents; cylinder and capsule: radius and whole length along z (a capsule's caps included). */
  depth: number;
  width: number;
  height: number;
  radius: number;
  /** The triangles of a `mesh` part (shared, read-only). */
  mesh: Mesh | undefined;
  /** Pose in the body's frame (m). */
  pose: Pose3;
  /** How it is drawn; absent when the scene gives no Surface (drawn grey). */
  surface: SurfaceSpec | undefined;
}

type AppearanceNode = Extract<SceneNode, { kind: 'appearance' }>;

/** The parts of `body`'s own appearances (not those of the bodies behind its joints), in document order. */
export function appearanceParts(body: SceneNode): AppearancePart[] {
  const parts: AppearancePart[] = [];
  const visit = (node: AppearanceNode, pose: Pose3): void => {
    const part = partOf(node, pose);
    if (part) parts.push(part);
    for (const c of node.children) if (c.kind === 'appearance') visit(c, composePose3(pose, c.local));
  };
  for (const c of body.children) if (c.kind === 'appearance') visit(c, c.local);
  return parts;
}

function partOf(node: AppearanceNode, pose: Pose3): AppearancePart | undefined {
  const n = (v: number | undefined): number => (v !== undefined && Number.isFinite(v) && v > 0 ? v : 0);
  const base = { pose, surface: node.surface, mesh: undefined };
  const dims = { depth: n(node.depth), width: n(node.width), height: n(node.height), radius: n(node.radius) };
  switch (node.shape) {
    case 'mesh':
      return node.mesh && node.mesh.triangles.length > 0
        ? { ...base, ...dims, shape: 'mesh', mesh: node.mesh }
        : undefined;
    case 'box':
      return dims.depth > 0 && dims.width > 0 && dims.height > 0 ? { ...base, ...dims, shape: 'box' } : undefined;
    case 'sphere':
    case 'cylinder':
    case 'capsule':
      return dims.radius > 0 ? { ...base, ...dims, shape: node.shape } : undefined;
    default:
      return undefined;
  }
}

type GeometryNode = Extract<SceneNode, { kind: 'geometry' }>;

/**
 * The colour a part is shown in: its diffuse colour, brightened to its emission colour where that is brighter (the
 * views and the camera images light every surface alike; a NAO's eyes are black surfaces that glow white).
 */
export function shownColor(surface: SurfaceSpec): ColorRGBA {
  const d = surface.diffuseColor,
    e = surface.emissionColor;
  return e ? { r: Math.max(d.r, e.r), g: Math.max(d.g, e.g), b: Math.max(d.b, e.b), a: d.a } : d;
}

/**
 * A cheaper look of a body, from primitives only: its primitive appearances where it has them; a body drawn only
 * with meshes gets its collision geometries instead, in the colour of its largest mesh. Empty for a body without
 * any appearance. The camera images drew robots so before they rasterized meshes; the benchmark compares both.
 */
export function collisionLook(body: SceneNode, parts: AppearancePart[] = appearanceParts(body)): AppearancePart[] {
  const primitives = parts.filter((p) => p.shape !== 'mesh');
  if (primitives.length > 0) return primitives;
  const meshes = parts.filter((p) => p.shape === 'mesh');
  if (meshes.length === 0) return [];
  const main = meshes.reduce((a, b) => (b.mesh!.triangles.length > a.mesh!.triangles.length ? b : a));
  const out: AppearancePart[] = [];
  const visit = (g: GeometryNode, pose: Pose3): void => {
    if (g.shape === 'box' || g.shape === 'sphere' || g.shape === 'cylinder' || g.shape === 'capsule') {
      const n = (v: number | undefined): number => (v !== undefined && Number.isFinite(v) && v > 0 ? v : 0);
      out.push({
        shape: g.shape,
        depth: n(g.depth),
        width: n(g.width),
        height: n(g.height),
        radius: n(g.radius),
        mesh: undefined,
        pose,
        surface: main.surface,
      });
    }
    for (const c of g.children) if (c.kind === 'geometry') visit(c, composePose3(pose, c.local));
  };
  for (const c of body.children) if (c.kind === 'geometry') visit(c, c.local);
  return out;
}
