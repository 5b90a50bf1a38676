/** The simulator foundations' public API: scenes, physics, GameController and camera images. */
export { loadScene } from './scene/loadScene';
export { SceneError } from './scene/SceneError';
export { SPL_FIELD } from './scene/extractModel';
export { poseAlongChain } from './scene/kinematics';
export type * from './scene/SceneModel';
export { TEAM_COLOR_NAMES } from './scene/SceneModel';
export type { SceneNode } from './scene/sceneGraph';

export { initPhysics } from './physics/rapier';
export { PhysicsWorld, type PhysicsOptions } from './physics/PhysicsWorld';
export { NAO_WALK_LIMITS, clipWalkSpeed, type WalkLimits } from './physics/walkLimits';
export type * from './physics/WorldState';
export { simulationKindOf, type SimulatedWorld, type SimulationKind } from './physics/SimulatedWorld';
export { ArticulatedWorld, type LoadTimes } from './physics/mujoco/ArticulatedWorld';
export { initMujoco } from './physics/mujoco/mujoco';

export { GameController, NOT_ALLOWED, type RefereeEvent, type TeamIndex } from './gameController/GameController';
export * from './gameController/GameControllerData';
export { AUTOMATIC_REFEREE_FEATURES } from './gameController/automaticReferee';
export { PENALTY_COMMANDS } from './gameController/penalties';

export { renderCameraImage } from './camera/renderCameraImage';
export { intrinsicsFromOpeningAngles, projectPoint, type CameraIntrinsics } from './camera/CameraIntrinsics';
export { robotCameraPose } from './camera/cameraPose';
export { renderSceneFromState, TEAM_COLOR_RGB, type RenderScene } from './camera/RenderScene';
export { yuyvPixel, rgbToYuv } from '../../robot-runtime/math/colorSpace';

// The running simulation: robots, GameController, team network, control, headless runs.
export { Simulation, type SimulationOptions, type RobotSummary, type Pacing } from './simulation/Simulation';
export { SimulationHost, type LoadResult, type SimulationHostOptions } from './simulation/SimulationHost';
export { SimulatedRobot, type RobotRunStatistics } from './simulation/SimulatedRobot';
export { TeamNetwork, DEFAULT_NETWORK, type NetworkOptions, type PacketTap } from './simulation/TeamNetwork';
export { CameraImages, type RenderedImage } from './simulation/CameraImages';
export { runHeadless, type HeadlessOptions, type HeadlessProgress, type HeadlessResult } from './simulation/headless';
export { readStartScript, startScriptOf } from './simulation/startScript';
export { ExternalBoundary, type ExternalOptions } from './external/ExternalBoundary';
