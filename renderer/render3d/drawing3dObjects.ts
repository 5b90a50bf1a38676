/**
 * @file Turns the shapes of one 3-D debug drawing (formats §5.2, coordinates in mm) into three.js objects in a
 * group. SCALE3D, ROTATE3D and TRANSLATE3D transform the whole drawing, so they become the group's transform;
 * RENDER_OPTIONS3D switches depth testing and transparency for all its shapes. Line widths are ignored (WebGL
 * draws one-pixel lines).
 */
import * as THREE from 'three';
import type { ColorRGBA } from '../../robot-runtime/math/types';
import type { Shape3D } from '../../robot-runtime/protocol/debugMessages/drawing3d';
import { mm } from './units';

/** Bits of RENDER_OPTIONS3D. */
const DISABLE_TRANSPARENCY = 1;
const DISABLE_DEPTH = 4;

interface Style {
  transparency: boolean;
  depth: boolean;
}

function color(c: ColorRGBA): THREE.Color {
  return new THREE.Color(c.r / 255, c.g / 255, c.b / 255);
}

/** The colour, transparency and depth test a drawing's shapes share, whether meshes or lines. */
function materialParameters(c: ColorRGBA, style: Style): THREE.MaterialParameters & { color: THREE.Color } {
  const transparent = style.transparency && c.a < 255;
  return { color: color(c), transparent, opacity: transparent ? c.a / 255 : 1, depthTest: style.depth };
}

function basic(c: ColorRGBA, style: Style): THREE.MeshBasicMaterial {
  return new THREE.MeshBasicMaterial({ ...materialParameters(c, style), side: THREE.DoubleSide });
}

function lineMaterial(c: ColorRGBA, style: Style): THREE.LineBasicMaterial {
  return new THREE.LineBasicMaterial(materialParameters(c, style));
}

function v(p: { x: number; y: number; z: number }): THREE.Vector3 {
  return new THREE.Vector3(mm(p.x), mm(p.y), mm(p.z));
}

function segments(points: THREE.Vector3[], material: THREE.LineBasicMaterial): THREE.LineSegments {
  return new THREE.LineSegments(new THREE.BufferGeometry().setFromPoints(points), material);
}

/** CUBE3D corners a..h: bottom a b c d, top e f g h (each face in order). */
const CUBE_EDGES = [0, 1, 1, 2, 2, 3, 3, 0, 4, 5, 5, 6, 6, 7, 7, 4, 0, 4, 1, 5, 2, 6, 3, 7];

/** Builds a group for `shapes`; its children own their geometries and materials (free them with `disposeObject`). */
export function drawingGroup(shapes: readonly Shape3D[]): THREE.Group {
  const group = new THREE.Group();
  const style: Style = { transparency: true, depth: true };
  for (const s of shapes)
    if (s.type === 'renderOptions')
      Object.assign(style, {
        transparency: (s.bits & DISABLE_TRANSPARENCY) === 0,
        depth: (s.bits & DISABLE_DEPTH) === 0,
      });
  for (const s of shapes) {
    const object = shapeObject(s, style, group);
    if (object) {
      if (!style.depth) object.renderOrder = 1;
      group.add(object);
    }
  }
  return group;
}

function shapeObject(s: Shape3D, style: Style, group: THREE.Group): THREE.Object3D | undefined {
  switch (s.type) {
    case 'dot': {
      const geometry = new THREE.BufferGeometry().setFromPoints([v(s)]);
      return new THREE.Points(
        geometry,
        new THREE.PointsMaterial({
          color: color(s.color),
          size: Math.max(2, s.size),
          sizeAttenuation: false,
          depthTest: style.depth,
        }),
      );
    }
    case 'line':
      return segments([v(s.from), v(s.to)], lineMaterial(s.color, style));
    case 'cube':
      return segments(
        CUBE_EDGES.map((i) => v(s.corners[i]!)),
        lineMaterial(s.color, style),
      );
    case 'quad': {
      const [a, b, c, d] = s.corners.map(v) as [THREE.Vector3, THREE.Vector3, THREE.Vector3, THREE.Vector3];
      const geometry = new THREE.BufferGeometry().setFromPoints([a, b, c, a, c, d]);
      return new THREE.Mesh(geometry, basic(s.color, style));
    }
    case 'coordinates': {
      const axes = new THREE.AxesHelper(mm(s.length));
      return axes;
    }
    case 'scale':
      group.scale.set(s.x, s.y, s.z);
      return undefined;
    case 'rotate':
      group.rotation.set(s.x, s.y, s.z, 'XYZ');
      return undefined;
    case 'translate':
      group.position.set(mm(s.x), mm(s.y), mm(s.z));
      return undefined;
    case 'sphere': {
      const m = new THREE.Mesh(new THREE.SphereGeometry(mm(s.radius), 16, 12), basic(s.color, style));
      m.position.copy(v(s));
      return m;
    }
    case 'ellipsoid': {
      const m = new THREE.Mesh(new THREE.SphereGeometry(1, 16, 12), basic(s.color, style));
      const r = s.pose.rotation;
      // Pose3's rotation is a column-major 3×3 matrix.
      const basis = new THREE.Matrix4().set(
        r[0]!,
        r[3]!,
        r[6]!,
        0,
        r[1]!,
        r[4]!,
        r[7]!,
        0,
        r[2]!,
        r[5]!,
        r[8]!,
        0,
        0,
        0,
        0,
        1,
      );
      m.quaternion.setFromRotationMatrix(basis);
      m.position.copy(v(s.pose.translation));
      m.scale.set(mm(s.radii.x), mm(s.radii.y), mm(s.radii.z));
      return m;
    }
    case 'cylinder': {
      const geometry = new THREE.CylinderGeometry(mm(s.topRadius), mm(s.baseRadius), mm(s.height), 16);
      geometry.rotateX(Math.PI / 2); // along z, as SimRobot's cylinders
      const m = new THREE.Mesh(geometry, basic(s.color, style));
      m.rotation.set(s.rotation.x, s.rotation.y, s.rotation.z, 'XYZ');
      m.position.copy(v(s.position));
      return m;
    }
    default:
      return undefined;
  }
}

/** Frees the geometries and materials under `object`. */
export function disposeObject(object: THREE.Object3D): void {
  object.traverse((o) => {
    const item = o as Partial<THREE.Mesh>;
    item.geometry?.dispose();
    const material = item.material;
    if (Array.isArray(material)) material.forEach((m) => m.dispose());
    else material?.dispose();
  });
}
