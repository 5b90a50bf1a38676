/** The simulator's ground truth after a step: what physics reports to the GameController, oracles and views. */
import type { Pose2, Vec3 } from '@robot-runtime/math/types';

/** One robot's ground truth (field frame, mm, rad). */
export interface RobotGroundTruth {
  name: string;
  team: 0 | 1;
  playerNumber: number;
  /** True for robots with a controller (RoboCup.robots), false for dummies. */
  controlled: boolean;
  pose: Pose2;
  /** Field-frame velocity (mm/s, rad/s). */
  velocity: Pose2;
  /** The walk speed the robot currently executes (robot frame, after limits and acceleration). */
  walkSpeed: Pose2;
  fallen: boolean;
  /** Simulated time (ms) when it will stand again; undefined while upright. */
  upAgainAt: number | undefined;
  falls: number;
  /** Falls shortly (about a second) after a contact with another robot: pushed or tripped over, not by itself. */
  fallsAfterContact: number;
  /** Times the robot stood up again by itself after a fall (being placed does not count). */
  getUps: number;
  kicks: number;
  /** Distance walked (mm), integrated from the ground-truth motion. */
  distanceWalked: number;
  /**
   * Articulated robots: the torso's height (mm) and its roll and pitch (rad) in the frame of `pose` (so that the
   * torso's orientation is Rz(pose.rotation)·Ry(pitch)·Rx(roll)); absent for capsules.
   */
  torso?: { z: number; roll: number; pitch: number };
}

/** The ball's ground truth (mm, mm/s). */
export interface BallGroundTruth {
  position: Vec3;
  velocity: Vec3;
  /** Name of the robot that touched or kicked it last, if any. */
  lastTouchedBy: string | undefined;
}

/** Ground truth of the whole world. */
export interface WorldState {
  /** Simulated time (ms). */
  time: number;
  step: number;
  robots: RobotGroundTruth[];
  ball: BallGroundTruth | undefined;
}
