/**
 * @file The module registry: every module the runtime can run (B-Human's MAKE_MODULE list). Which of them run,
 * in which thread and for which representation, is configuration (threads.cfg), not code.
 */
import type { AnyModuleDefinition } from '../core/module/ModuleGraph';
import { BehaviorControl } from '../modules/BehaviorControl/BehaviorControl/BehaviorControl';
import { CameraCalibrationProvider } from '../modules/Infrastructure/CameraCalibrationProvider/CameraCalibrationProvider';
import { GameStateProvider } from '../modules/Infrastructure/GameStateProvider/GameStateProvider';
import { SimulatedCameraProvider } from '../modules/Infrastructure/SimulatedCameraProvider/SimulatedCameraProvider';
import { LogDataProvider } from '../modules/Infrastructure/LogDataProvider/LogDataProvider';
import { TeamMessageHandler } from '../modules/Communication/TeamMessageHandler/TeamMessageHandler';
import { BallLocator } from '../modules/Modeling/BallLocator/BallLocator';
import { SimulatedWorldModelProvider } from '../modules/Modeling/SimulatedWorldModelProvider/SimulatedWorldModelProvider';
import { SelfLocator } from '../modules/Modeling/SelfLocator/SelfLocator';
import { WhistleDetector } from '../modules/Modeling/WhistleDetector/WhistleDetector';
import { HeadMotionEngine } from '../modules/MotionControl/HeadMotionEngine/HeadMotionEngine';
import { KeyframeMotionEngine } from '../modules/MotionControl/KeyframeMotionEngine/KeyframeMotionEngine';
import { MotionCombinator } from '../modules/MotionControl/MotionCombinator/MotionCombinator';
import { WalkingEngine } from '../modules/MotionControl/WalkingEngine/WalkingEngine';
import { KickEngine } from '../modules/MotionControl/KickEngine/KickEngine';
import { BallAndPenaltyMarkPerceptor } from '../modules/Perception/BallAndPenaltyMarkPerceptor/BallAndPenaltyMarkPerceptor';
import { LandmarkPerceptor } from '../modules/Perception/LandmarkPerceptor/LandmarkPerceptor';
import { OracledPerceptsProvider } from '../modules/Perception/OracledPerceptsProvider/OracledPerceptsProvider';
import { CameraMatrixProvider } from '../modules/Sensing/CameraMatrixProvider/CameraMatrixProvider';

export const allModules: readonly AnyModuleDefinition[] = [
  LogDataProvider,
  SimulatedCameraProvider,
  GameStateProvider,
  CameraCalibrationProvider,
  CameraMatrixProvider,
  OracledPerceptsProvider,
  BallAndPenaltyMarkPerceptor,
  LandmarkPerceptor,
  BallLocator,
  SelfLocator,
  SimulatedWorldModelProvider,
  WhistleDetector,
  TeamMessageHandler,
  BehaviorControl,
  HeadMotionEngine,
  WalkingEngine,
  KickEngine,
  KeyframeMotionEngine,
  MotionCombinator,
];
