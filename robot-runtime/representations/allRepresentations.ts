/**
 * @file Every representation of the runtime, for registries (type info, module graph checks, data views) and
 * for tests that check all of them. Adding a representation: one file in its category folder plus one line here.
 */
import type { Representation } from '../core/representation';
import { BehaviorStatus } from './BehaviorControl/BehaviorStatus';
import { TeamData } from './Communication/TeamData';
import { TeamMessageOutput } from './Communication/TeamMessageOutput';
import { CameraCalibration } from './Configuration/CameraCalibration';
import { FieldDimensions } from './Configuration/FieldDimensions';
import { RobotDimensions } from './Configuration/RobotDimensions';
import { AudioData } from './Infrastructure/AudioData';
import { CameraImage } from './Infrastructure/CameraImage';
import { CameraInfo } from './Infrastructure/CameraInfo';
import { FrameInfo } from './Infrastructure/FrameInfo';
import { GameControllerData } from './Infrastructure/GameControllerData';
import { GameState } from './Infrastructure/GameState';
import { GroundTruthWorldState } from './Infrastructure/GroundTruthWorldState';
import { JointRequest } from './Infrastructure/JointRequest';
import { JointSensorData } from './Infrastructure/JointSensorData';
import { BallModel } from './Modeling/BallModel';
import { ObstacleModel } from './Modeling/ObstacleModel';
import { RobotPose } from './Modeling/RobotPose';
import { Whistle } from './Modeling/Whistle';
import { HeadAngles } from './MotionControl/HeadAngles';
import { MotionInfo } from './MotionControl/MotionInfo';
import { MotionRequest } from './MotionControl/MotionRequest';
import { KeyframeMotionEngineOutput } from './MotionControl/KeyframeMotionEngineOutput';
import { OdometryData } from './MotionControl/OdometryData';
import { WalkingEngineOutput } from './MotionControl/WalkingEngineOutput';
import { KickEngineOutput } from './MotionControl/KickEngineOutput';
import { BallPercept } from './Perception/BallPercept';
import { CameraMatrix } from './Perception/CameraMatrix';
import { LandmarkPercept } from './Perception/LandmarkPercept';
import { PenaltyMarkPercept } from './Perception/PenaltyMarkPercept';
import { FsrSensorData } from './Sensing/FsrSensorData';
import { InertialData } from './Sensing/InertialData';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const allRepresentations: readonly Representation<any, string>[] = [
  FrameInfo,
  JointSensorData,
  JointRequest,
  CameraInfo,
  CameraImage,
  GroundTruthWorldState,
  GameControllerData,
  GameState,
  InertialData,
  FsrSensorData,
  CameraCalibration,
  CameraMatrix,
  BallPercept,
  LandmarkPercept,
  PenaltyMarkPercept,
  BallModel,
  RobotPose,
  MotionRequest,
  MotionInfo,
  OdometryData,
  HeadAngles,
  WalkingEngineOutput,
  KickEngineOutput,
  KeyframeMotionEngineOutput,
  BehaviorStatus,
  ObstacleModel,
  TeamData,
  TeamMessageOutput,
  FieldDimensions,
  RobotDimensions,
  AudioData,
  Whistle,
];
