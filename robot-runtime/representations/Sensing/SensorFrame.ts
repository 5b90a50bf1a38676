/**
 * @file What a body's sensors deliver in one Motion frame, as plain values of the representations they fill: the
 * one shape that the NAO's LoLA link and the simulator's articulated body both produce.
 */
import type { JointSensorData } from '../Infrastructure/JointSensorData';
import type { FsrSensorData } from './FsrSensorData';
import type { InertialData } from './InertialData';

/** The joint and inertial measurements of one Motion frame. */
export interface SensorFrame {
  /** The measured joint angles, currents, temperatures and temperature states. */
  JointSensorData: JointSensorData;
  /** The torso's orientation, angular velocity and acceleration. */
  InertialData: InertialData;
}

/** A sensor frame with the foot pressure sensors too (bodies that have them). */
export interface SensorFrameWithFsr extends SensorFrame {
  /** The pressure of each foot sensor and the total per foot. */
  FsrSensorData: FsrSensorData;
}
