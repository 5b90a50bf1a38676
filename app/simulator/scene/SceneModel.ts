/**
 * The typed scene model the simulator runs on, extracted from the scene graph by B-Human's conventions (a
 * `RoboCup` scene with `robots`, `extras`, `balls`, `teams`, … compounds). World-model units: millimetres,
 * radians, kilograms, seconds. The field frame has its origin at the centre spot, x along the field's length,
 * y to the left, z up (the scene's global frame).
 */
import type { ColorRGBA, Pose2, Pose3, Vec3 } from '@robot-runtime/math/types';
import type { SceneWarning } from './SceneError';
import type { SceneNode } from './sceneGraph';

/** SPL field dimensions in mm (values from the scene's `field` compound; see scenes/Includes/Field.rsi3). */
export interface FieldDimensions {
  /** Between the goal lines' centres (rulebook A). */
  length: number;
  /** Between the sidelines' centres (B). */
  width: number;
  lineWidth: number;
  centerCircleDiameter: number;
  penaltyAreaLength: number;
  penaltyAreaWidth: number;
  goalAreaLength: number;
  goalAreaWidth: number;
  /** From the goal line to the penalty mark's centre. */
  penaltyMarkDistance: number;
  penaltyMarkSize: number;
  borderStripWidth: number;
  /** Clear width between the posts. */
  goalInnerWidth: number;
  goalPostDiameter: number;
  /** Height of the posts; the crossbar's centre lies at this height. */
  goalHeight: number;
  goalDepth: number;
}

/** GameController team colours (RoboCupGameControlData), index = colour number. */
export const TEAM_COLOR_NAMES = [
  'blue',
  'red',
  'yellow',
  'black',
  'white',
  'green',
  'orange',
  'purple',
  'brown',
  'gray',
] as const;
/** A GameController team colour name. */
export type TeamColorName = (typeof TEAM_COLOR_NAMES)[number];

/** One team as the GameController knows it. */
export interface TeamDefinition {
  number: number;
  fieldPlayerColor: TeamColorName;
  goalkeeperColor: TeamColorName;
}

/** A step in the kinematic chain from the robot's root body (torso) to a sensor: a fixed offset or a joint. */
export type ChainLink =
  | { kind: 'fixed'; pose: Pose3 }
  | { kind: 'hinge'; joint: string; axis: Vec3 }
  | { kind: 'slider'; joint: string; axis: Vec3 };

/** A joint of the robot model; angles in rad (slider: mm). */
export interface JointDefinition {
  name: string;
  type: 'hinge' | 'slider';
  min: number | undefined;
  max: number | undefined;
  init: number;
}

/** A camera of the robot model. */
export interface CameraDefinition {
  name: string;
  imageWidth: number;
  imageHeight: number;
  /** Horizontal and vertical opening angles (rad). */
  angleX: number;
  angleY: number;
  /** From the robot's root body to the camera (mm); see kinematics.ts. */
  chain: ChainLink[];
}

/** What the simulator needs from a robot's body description. */
export interface RobotModelDefinition {
  /** Sum of all masses (kg). */
  mass: number;
  joints: JointDefinition[];
  cameras: CameraDefinition[];
}

/** A robot body in the scene. */
export interface RobotDefinition {
  /** Body name, `robot<N>`. */
  name: string;
  /** N in robot<N>. */
  number: number;
  /** 0 = first team (N ≤ 20), 1 = second team (N > 20). */
  team: 0 | 1;
  /** N for the first team, N − 20 for the second. */
  playerNumber: number;
  /** Initial pose of the root body (torso) in the field frame (mm). */
  pose: Pose3;
  /** The same projected to the ground: position (mm) and heading (rad). */
  pose2: Pose2;
  model: RobotModelDefinition;
  /** Full path in the scene, as `mvo` names it (e.g. `RoboCup.robots.robot3`). */
  objectPath: string;
}

/** The ball. */
export interface BallDefinition {
  name: string;
  objectPath: string;
  /** mm */
  radius: number;
  /** kg */
  mass: number;
  /** Centre (mm). */
  position: Vec3;
  /** Rolling-resistance coefficient on the field (deceleration = value · g). */
  rollingFriction: number;
  /** Sliding friction coefficient on the field. */
  friction: number;
  /** Coefficient of restitution against posts and robots. */
  restitution: number;
  color: ColorRGBA;
}

/** The whole scene as the simulator uses it. */
export interface SceneModel {
  file: string;
  name: string;
  controller: string | undefined;
  /** Simulation step (s). */
  stepLength: number;
  /** m/s² (negative: down). */
  gravity: number;
  field: FieldDimensions;
  ball: BallDefinition | undefined;
  /** Robots with a controller (RoboCup.robots). */
  robots: RobotDefinition[];
  /** Robots without a controller: dummies (RoboCup.extras). */
  extras: RobotDefinition[];
  /** Bodies posed from a remote or replayed robot (RoboCup.puppets). */
  puppets: RobotDefinition[];
  teams: [TeamDefinition, TeamDefinition];
  location: string | undefined;
  scenarios: string[];
  robotType: string;
  hasReferee: boolean;
  /** The full typed scene graph (for the 3-D view and static colliders). */
  graph: SceneNode;
  /** Accepted but ignored constructs (ODE-only attributes of a `.ros2` scene), one per name. */
  warnings: SceneWarning[];
}
