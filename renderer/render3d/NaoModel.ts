/**
 * @file A simple NAO-like display model: boxes and cylinders hung on a joint tree with the NAO's link offsets,
 * posed from the measured joint angles. The model stands on the ground whatever the legs do (the lower sole is
 * put on z = 0), and lies down when the robot has fallen. Parts are named like the scene's bodies (`Head`,
 * `LFoot`, …) so 3-D drawings attached to a body find it.
 */
import * as THREE from 'three';
import { NAO } from './naoDimensions';
import { mm } from './units';

/** One joint of the display model. */
interface JointSpec {
  /** B-Human joint name (JointSensorData order, e.g. `lShoulderPitch`). */
  readonly name: string;
  readonly parent: string;
  /** Offset from the parent joint (mm). */
  readonly offset: readonly [number, number, number];
  readonly axis: readonly [number, number, number];
}

const X = [1, 0, 0] as const;
const Y = [0, 1, 0] as const;
const Z = [0, 0, 1] as const;
const S = Math.SQRT1_2;

/** The joint tree; `torso` is the root. */
const JOINTS: readonly JointSpec[] = [
  { name: 'headYaw', parent: 'torso', offset: [0, 0, NAO.neckOffsetZ], axis: Z },
  { name: 'headPitch', parent: 'headYaw', offset: [0, 0, 0], axis: Y },
  ...(['l', 'r'] as const).flatMap((side): JointSpec[] => {
    const s = side === 'l' ? 1 : -1;
    return [
      { name: `${side}ShoulderPitch`, parent: 'torso', offset: [0, s * NAO.shoulderOffsetY, NAO.shoulderOffsetZ], axis: Y },
      { name: `${side}ShoulderRoll`, parent: `${side}ShoulderPitch`, offset: [0, 0, 0], axis: Z },
      { name: `${side}ElbowYaw`, parent: `${side}ShoulderRoll`, offset: [NAO.upperArmLength, s * NAO.elbowOffsetY, 0], axis: X },
      { name: `${side}ElbowRoll`, parent: `${side}ElbowYaw`, offset: [0, 0, 0], axis: Z },
      { name: `${side}HipYawPitch`, parent: 'torso', offset: [0, s * NAO.hipOffsetY, -NAO.hipOffsetZ], axis: [0, S, -s * S] },
      { name: `${side}HipRoll`, parent: `${side}HipYawPitch`, offset: [0, 0, 0], axis: X },
      { name: `${side}HipPitch`, parent: `${side}HipRoll`, offset: [0, 0, 0], axis: Y },
      { name: `${side}KneePitch`, parent: `${side}HipPitch`, offset: [0, 0, -NAO.thighLength], axis: Y },
      { name: `${side}AnklePitch`, parent: `${side}KneePitch`, offset: [0, 0, -NAO.tibiaLength], axis: Y },
      { name: `${side}AnkleRoll`, parent: `${side}AnklePitch`, offset: [0, 0, 0], axis: X },
    ];
  }),
];

/** Scene body names of the parts (for drawings attached to a body). */
const PART_NAMES: Readonly<Record<string, string>> = {
  torso: 'Torso',
  headPitch: 'Head',
  lShoulderRoll: 'LBiceps',
  rShoulderRoll: 'RBiceps',
  lElbowRoll: 'LForeArm',
  rElbowRoll: 'RForeArm',
  lHipPitch: 'LThigh',
  rHipPitch: 'RThigh',
  lKneePitch: 'LTibia',
  rKneePitch: 'RTibia',
  lAnkleRoll: 'LFoot',
  rAnkleRoll: 'RFoot',
};

/** Materials shared by all robots of a scene (one per jersey colour). */
export class NaoMaterials {
  readonly body = new THREE.MeshLambertMaterial({ color: 0xd8d8d8 });
  readonly joint = new THREE.MeshLambertMaterial({ color: 0x8a8a8a });
  private readonly jerseys = new Map<string, THREE.MeshLambertMaterial>();

  /** The jersey material of a CSS colour; black jerseys are lifted to dark grey so their shape stays visible. */
  jersey(color: string): THREE.MeshLambertMaterial {
    let m = this.jerseys.get(color);
    if (!m) {
      const c = new THREE.Color(color);
      if (c.getHSL({ h: 0, s: 0, l: 0 }).l < 0.08) c.setRGB(0.09, 0.09, 0.09);
      this.jerseys.set(color, (m = new THREE.MeshLambertMaterial({ color: c })));
    }
    return m;
  }

  /** Frees the GPU resources. */
  dispose(): void {
    this.body.dispose();
    this.joint.dispose();
    for (const m of this.jerseys.values()) m.dispose();
  }
}

/** Geometries shared by all robots (built once). */
class NaoGeometries {
  readonly torso = box(75, 130, 160);
  readonly chest = box(80, 110, 70);
  readonly head = new THREE.SphereGeometry(mm(62), 12, 8);
  readonly upperArm = box(95, 40, 40);
  readonly lowerArm = box(105, 36, 36);
  readonly thigh = box(50, 55, 95);
  readonly tibia = box(45, 50, 95);
  readonly foot = box(160, 90, 20);
  readonly jointBall = new THREE.SphereGeometry(mm(24), 8, 6);
}

let geometries: NaoGeometries | undefined;

function box(x: number, y: number, z: number): THREE.BoxGeometry {
  return new THREE.BoxGeometry(mm(x), mm(y), mm(z));
}

function mesh(geometry: THREE.BufferGeometry, material: THREE.Material, x = 0, y = 0, z = 0): THREE.Mesh {
  const m = new THREE.Mesh(geometry, material);
  m.position.set(mm(x), mm(y), mm(z));
  return m;
}

/** One robot's display model. */
export class NaoModel {
  /** The robot's ground frame (field x, y, heading); add it to the scene. */
  readonly root = new THREE.Group();
  private readonly torso = new THREE.Group();
  private readonly joints = new Map<string, { group: THREE.Group; axis: THREE.Vector3 }>();
  private readonly parts = new Map<string, THREE.Object3D>();
  private readonly soles: THREE.Object3D[] = [];
  private readonly cameras = new Map<string, THREE.Object3D>();
  private readonly jersey: THREE.Mesh;
  private indices: number[] = [];

  constructor(
    readonly name: string,
    materials: NaoMaterials,
    color: string,
    private readonly torsoHeight: number,
  ) {
    const g = (geometries ??= new NaoGeometries());
    this.root.name = name;
    this.root.add(this.torso);
    this.torso.position.z = mm(torsoHeight);
    this.jersey = mesh(g.torso, materials.jersey(color), 0, 0, 45);
    this.torso.add(this.jersey, mesh(g.chest, materials.body, 8, 0, 70));
    this.parts.set('torso', this.torso);
    for (const spec of JOINTS) {
      const group = new THREE.Group();
      group.name = spec.name;
      group.position.set(mm(spec.offset[0]), mm(spec.offset[1]), mm(spec.offset[2]));
      (this.parts.get(spec.parent) ?? this.torso).add(group);
      this.parts.set(spec.name, group);
      this.joints.set(spec.name, { group, axis: new THREE.Vector3(...spec.axis).normalize() });
    }
    const part = (name: string): THREE.Object3D => this.parts.get(name)!;
    part('headPitch').add(mesh(g.head, materials.body, 0, 0, 55));
    for (const side of ['l', 'r'] as const) {
      part(`${side}ShoulderRoll`).add(mesh(g.jointBall, materials.joint), mesh(g.upperArm, materials.body, 55, 0, 0));
      part(`${side}ElbowRoll`).add(mesh(g.lowerArm, materials.body, 60, 0, 0));
      part(`${side}HipPitch`).add(mesh(g.thigh, materials.body, 0, 0, -50));
      part(`${side}KneePitch`).add(mesh(g.jointBall, materials.joint), mesh(g.tibia, materials.body, 0, 0, -50));
      const foot = mesh(g.foot, materials.body, 20, 0, -NAO.footHeight + 10);
      part(`${side}AnkleRoll`).add(foot);
      const sole = new THREE.Object3D();
      sole.position.z = mm(-NAO.footHeight);
      part(`${side}AnkleRoll`).add(sole);
      this.soles.push(sole);
    }
    for (const [key, cam] of [['Upper', NAO.cameraTop], ['Lower', NAO.cameraBottom]] as const) {
      const camera = new THREE.Object3D();
      camera.position.set(mm(cam.x), 0, mm(cam.z));
      camera.rotation.y = cam.pitch;
      part('headPitch').add(camera);
      this.cameras.set(key, camera);
    }
    for (const [joint, body] of Object.entries(PART_NAMES)) this.parts.set(body, this.parts.get(joint)!);
    // Every mesh reports the robot for picking.
    this.root.traverse((o) => (o.userData.robot = name));
  }

  /** Tells the model the order of the joint angles it will get (the scene's `jointNames`). */
  setJointOrder(names: readonly string[]): void {
    this.indices = JOINTS.map((j) => names.indexOf(j.name));
  }

  /** Poses the model: field position (mm), heading (rad), fallen, and joint angles when known. */
  update(x: number, y: number, rotation: number, fallen: boolean, joints: readonly number[] | undefined): void {
    this.root.position.set(mm(x), mm(y), 0);
    this.root.rotation.set(0, 0, rotation);
    if (joints) {
      JOINTS.forEach((spec, i) => {
        const angle = joints[this.indices[i] ?? -1];
        const joint = this.joints.get(spec.name)!;
        joint.group.quaternion.setFromAxisAngle(joint.axis, typeof angle === 'number' && Math.abs(angle) < 10 ? angle : 0);
      });
    }
    if (fallen) {
      // Lying on its back: torso horizontal, a torso's depth above the ground.
      this.torso.rotation.set(0, -Math.PI / 2, 0);
      this.torso.position.set(0, 0, mm(60));
      return;
    }
    this.torso.rotation.set(0, 0, 0);
    this.torso.position.set(0, 0, mm(this.torsoHeight));
    // Bent knees lower the torso: stand the lower sole on the ground.
    this.root.updateMatrixWorld(true);
    const inRoot = new THREE.Vector3();
    let lowest = Infinity;
    for (const sole of this.soles) {
      inRoot.setFromMatrixPosition(sole.matrixWorld);
      this.root.worldToLocal(inRoot);
      lowest = Math.min(lowest, inRoot.z);
    }
    if (Number.isFinite(lowest)) this.torso.position.z -= lowest;
  }

  /** The object a 3-D drawing of `type` hangs on (robot ground frame, camera of `thread`, or a body part). */
  attachment(type: string, thread: string): THREE.Object3D {
    if (type === 'camera') return this.cameras.get(thread === 'Lower' ? 'Lower' : 'Upper')!;
    if (type === 'robot') return this.root;
    return this.parts.get(type) ?? this.root;
  }

  /** Whether `object` belongs to this robot (for picking). */
  owns(object: THREE.Object3D): boolean {
    return object.userData.robot === this.name;
  }
}
