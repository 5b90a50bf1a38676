/**
 * @file A simple NAO-like display model: a joint tree with the NAO's link offsets, posed from the measured joint
 * angles, carrying the parts of naoLook.ts. The tree holds no meshes: RobotsMesh.ts draws the parts of all robots
 * as one mesh from `parts` and `partMatrix`. The model stands on the ground whatever the legs do (the lower sole
 * is put on z = 0), and lies down when the robot has fallen. Links are named like the scene's bodies (`Head`,
 * `LFoot`, …) so 3-D drawings attached to a body find it.
 *
 * The tree's matrices are computed when the pose changes, not on every rendered frame (matrixAutoUpdate off):
 * poses arrive at most 30 times a second, frames up to the display rate.
 */
import * as THREE from 'three';
import { NAO } from './naoDimensions';
import { NAO_PARTS, partColor, type PartSpec } from './naoLook';
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
      {
        name: `${side}ShoulderPitch`,
        parent: 'torso',
        offset: [0, s * NAO.shoulderOffsetY, NAO.shoulderOffsetZ],
        axis: Y,
      },
      { name: `${side}ShoulderRoll`, parent: `${side}ShoulderPitch`, offset: [0, 0, 0], axis: Z },
      {
        name: `${side}ElbowYaw`,
        parent: `${side}ShoulderRoll`,
        offset: [NAO.upperArmLength, s * NAO.elbowOffsetY, 0],
        axis: X,
      },
      { name: `${side}ElbowRoll`, parent: `${side}ElbowYaw`, offset: [0, 0, 0], axis: Z },
      {
        name: `${side}HipYawPitch`,
        parent: 'torso',
        offset: [0, s * NAO.hipOffsetY, -NAO.hipOffsetZ],
        axis: [0, S, -s * S],
      },
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

/** One part of a robot: where it is fixed (link frame, scaled to the part's size, for unit shapes). */
export interface PlacedPart {
  readonly spec: PartSpec;
  readonly link: THREE.Object3D;
  readonly offset: THREE.Matrix4;
}

/** Where a part sits on its link, scaled so that a unit box (edge 1) or unit ball (radius 1) gets its size. */
function partOffset(spec: PartSpec): THREE.Matrix4 {
  const shape = spec.shape;
  const size = shape.kind === 'box' ? shape.size.map(mm) : [mm(shape.radius), mm(shape.radius), mm(shape.radius)];
  return new THREE.Matrix4()
    .makeScale(size[0]!, size[1]!, size[2]!)
    .setPosition(mm(spec.at[0]), mm(spec.at[1]), mm(spec.at[2]));
}

/** One robot's display model. */
export class NaoModel {
  /** The robot's ground frame (field x, y, heading); add it to the scene. */
  readonly root = new THREE.Group();
  /** The parts in NAO_PARTS order, each on its link. */
  readonly parts: readonly PlacedPart[];
  /** The parts' colours in the same order (linear, as three.js keeps colours). */
  readonly partColors: readonly THREE.Color[];
  private readonly torso = new THREE.Group();
  private readonly joints = new Map<string, { group: THREE.Group; axis: THREE.Vector3 }>();
  private readonly links = new Map<string, THREE.Object3D>();
  private readonly soles: THREE.Object3D[] = [];
  private readonly cameras = new Map<string, THREE.Object3D>();
  /** Every object of the tree, for updating their matrices after a pose change. */
  private readonly tree: THREE.Object3D[] = [];
  private indices: number[] = [];

  constructor(
    readonly name: string,
    jerseyColor: string,
    private readonly torsoHeight: number,
  ) {
    this.root.name = name;
    this.root.add(this.torso);
    this.torso.position.z = mm(torsoHeight);
    this.links.set('torso', this.torso);
    for (const spec of JOINTS) {
      const group = new THREE.Group();
      group.name = spec.name;
      group.position.set(mm(spec.offset[0]), mm(spec.offset[1]), mm(spec.offset[2]));
      (this.links.get(spec.parent) ?? this.torso).add(group);
      this.links.set(spec.name, group);
      this.joints.set(spec.name, { group, axis: new THREE.Vector3(...spec.axis).normalize() });
    }
    const link = (name: string): THREE.Object3D => this.links.get(name)!;
    this.parts = NAO_PARTS.map((spec) => ({ spec, link: link(spec.link), offset: partOffset(spec) }));
    this.partColors = NAO_PARTS.map((spec) => partColor(spec.paint, jerseyColor));
    for (const side of ['l', 'r'] as const) {
      const sole = new THREE.Object3D();
      sole.position.z = mm(-NAO.footHeight);
      link(`${side}AnkleRoll`).add(sole);
      this.soles.push(sole);
    }
    for (const [key, cam] of [
      ['Upper', NAO.cameraTop],
      ['Lower', NAO.cameraBottom],
    ] as const) {
      const camera = new THREE.Object3D();
      camera.position.set(mm(cam.x), 0, mm(cam.z));
      camera.rotation.y = cam.pitch;
      link('headPitch').add(camera);
      this.cameras.set(key, camera);
    }
    for (const [joint, body] of Object.entries(PART_NAMES)) this.links.set(body, this.links.get(joint)!);
    this.root.traverse((o) => {
      o.matrixAutoUpdate = false;
      this.tree.push(o);
    });
    this.refreshMatrices();
  }

  /** Writes where part `index` is (world frame, scaled to the part's size) into `target`. */
  partMatrix(index: number, target: THREE.Matrix4): THREE.Matrix4 {
    const part = this.parts[index]!;
    return target.multiplyMatrices(part.link.matrixWorld, part.offset);
  }

  /** Tells the model the order of the joint angles it will get (the scene's `jointNames`). */
  setJointOrder(names: readonly string[]): void {
    this.indices = JOINTS.map((j) => names.indexOf(j.name));
  }

  /**
   * Poses the model: field position (mm), heading (rad), fallen, and joint angles when known. `torso` (height in
   * mm, roll and pitch in rad under the heading) comes from an articulated simulation: the torso is placed as the
   * physics has it instead of standing the soles on the ground.
   */
  update(
    x: number,
    y: number,
    rotation: number,
    fallen: boolean,
    joints: readonly number[] | undefined,
    torso?: { z: number; roll: number; pitch: number },
  ): void {
    this.root.position.set(mm(x), mm(y), 0);
    this.root.rotation.set(0, 0, rotation);
    if (joints) {
      JOINTS.forEach((spec, i) => {
        const angle = joints[this.indices[i] ?? -1];
        const joint = this.joints.get(spec.name)!;
        joint.group.quaternion.setFromAxisAngle(
          joint.axis,
          typeof angle === 'number' && Math.abs(angle) < 10 ? angle : 0,
        );
      });
    }
    if (torso) {
      this.torso.rotation.set(torso.roll, torso.pitch, 0, 'YXZ');
      this.torso.position.set(0, 0, mm(torso.z));
      this.refreshMatrices();
      return;
    }
    if (fallen) {
      // Lying on its back: torso horizontal, a torso's depth above the ground.
      this.torso.rotation.set(0, -Math.PI / 2, 0);
      this.torso.position.set(0, 0, mm(60));
      this.refreshMatrices();
      return;
    }
    this.torso.rotation.set(0, 0, 0);
    this.torso.position.set(0, 0, mm(this.torsoHeight));
    // Bent knees lower the torso: stand the lower sole on the ground.
    this.refreshMatrices();
    const inRoot = new THREE.Vector3();
    let lowest = Infinity;
    for (const sole of this.soles) {
      inRoot.setFromMatrixPosition(sole.matrixWorld);
      this.root.worldToLocal(inRoot);
      lowest = Math.min(lowest, inRoot.z);
    }
    if (Number.isFinite(lowest) && lowest !== 0) {
      this.torso.position.z -= lowest;
      this.refreshMatrices();
    }
  }

  /** Moves the robot to field position (x, y) mm keeping its pose (dragging). */
  moveTo(x: number, y: number): void {
    this.root.position.set(mm(x), mm(y), 0);
    this.refreshMatrices();
  }

  /** The object a 3-D drawing of `type` hangs on (robot ground frame, camera of `thread`, or a body part). */
  attachment(type: string, thread: string): THREE.Object3D {
    if (type === 'camera') return this.cameras.get(thread === 'Lower' ? 'Lower' : 'Upper')!;
    if (type === 'robot') return this.root;
    return this.links.get(type) ?? this.root;
  }

  private refreshMatrices(): void {
    for (const o of this.tree) o.updateMatrix();
    // Also carries attached drawings along (their own matrices update as three.js does by default).
    this.root.updateMatrixWorld(true);
  }
}
