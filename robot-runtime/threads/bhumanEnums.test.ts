/**
 * Enum constant names where an enum is B-Human's: logs, TypeInfo, config files and `set` name constants, and
 * data converts by constant name, so a name spelled differently (criticalHot for criticallyHot) loses the value.
 * The table is written from B-Human's 2025 headers (ENUM declarations, in declaration order). Every enum this
 * program declares must be in it with the same constants, be listed as differing with exactly the constants
 * B-Human does not have (docs/decisions.md says why), or have a name B-Human does not use.
 */
import { describe, expect, it } from 'vitest';
import '../core/config/Settings';
import '../core/debug/robotTypeInfo';
import '../representations/allRepresentations';
import { messageIdNames } from '../protocol/messages/MessageIDs';
import { defaultTypeRegistry } from '../protocol/types';
import './allModules';

/** B-Human's constants, by the enum's TypeInfo name. */
const BHUMAN_ENUMS: Readonly<Record<string, readonly string[]>> = {
  'Joints::Joint': [
    'headYaw', 'headPitch', 'waistYaw',
    'lShoulderPitch', 'lShoulderRoll', 'lElbowYaw', 'lElbowRoll', 'lWristYaw', 'lHand',
    'rShoulderPitch', 'rShoulderRoll', 'rElbowYaw', 'rElbowRoll', 'rWristYaw', 'rHand',
    'lHipYawPitch', 'lHipRoll', 'lHipPitch', 'lKneePitch', 'lAnklePitch', 'lAnkleRoll',
    'rHipYawPitch', 'rHipRoll', 'rHipPitch', 'rKneePitch', 'rAnklePitch', 'rAnkleRoll',
  ],
  'JointSensorData::TemperatureStatus': ['regular', 'hot', 'veryHot', 'criticallyHot'],
  'Settings::TeamColor': ['blue', 'red', 'yellow', 'black', 'white', 'green', 'orange', 'purple', 'brown', 'gray'],
  'RobotPose::LocalizationQuality': ['superb', 'okay', 'poor'],
  'CameraInfo::Camera': ['upper', 'lower'],
  'CameraCalibrationStatus::State': ['idle', 'recordSamples', 'optimize'],
  'BallPercept::Status': ['notSeen', 'seen', 'guessed'],
  'Obstacle::Type': ['goalpost', 'unknown', 'someRobot', 'opponent', 'teammate', 'fallenSomeRobot', 'fallenOpponent', 'fallenTeammate'],
  'Legs::Leg': ['left', 'right'],
  'FsrSensors::FsrSensor': ['fl', 'fr', 'bl', 'br'],
  'MotionRequest::Motion': [
    'playDead', 'stand', 'walkAtAbsoluteSpeed', 'walkAtRelativeSpeed', 'walkToPose', 'walkToBallAndKick', 'dribble', 'dive', 'special',
    'replayWalk', 'photoMode',
  ],
  'GameState::State': [
    'beforeHalf', 'afterHalf', 'timeout', 'playing',
    'setupOwnKickOff', 'setupOpponentKickOff', 'waitForOwnKickOff', 'waitForOpponentKickOff', 'ownKickOff', 'opponentKickOff',
    'setupOwnPenaltyKick', 'setupOpponentPenaltyKick', 'waitForOwnPenaltyKick', 'waitForOpponentPenaltyKick', 'ownPenaltyKick',
    'opponentPenaltyKick', 'ownPushingFreeKick', 'opponentPushingFreeKick', 'ownKickIn', 'opponentKickIn', 'ownGoalKick',
    'opponentGoalKick', 'ownCornerKick', 'opponentCornerKick', 'beforePenaltyShootout', 'waitForOwnPenaltyShot',
    'waitForOpponentPenaltyShot', 'ownPenaltyShot', 'opponentPenaltyShot', 'afterOwnPenaltyShot', 'afterOpponentPenaltyShot',
  ],
  // The message ids (docs/formats.md: value 0 is registered as 'undefined', 90 as 'idConsole').
  MessageID: messageIdNames,
}; // prettier-ignore

/**
 * Enums named like B-Human's whose constants differ on purpose, with the constants B-Human does not have: their
 * representations are Pitchside's own design (see docs/decisions.md); data converts by the names both share.
 */
const DIFFERING: Readonly<Record<string, readonly string[]>> = {
  'MotionRequest::Motion': ['kick', 'getUp'],
  'GameState::State': ['initial', 'standby', 'ready', 'set', 'finished'],
};

/** Enums whose names B-Human does not use (or registers at run time, so no header lists them). */
const PITCHSIDE_ONLY = new Set([
  'BehaviorStatus::Activity',
  'Role::Type',
  'KickRequest::KickMotionID',
  'KickRequest::KickKind',
  // B-Human's older SpecialActionRequest (before its 2025 headers); the constants are the ones it had.
  'SpecialActionRequest::SpecialActionID',
  'KeyframeMotionEngine::Motion',
  'LandmarkPercept::Type',
  // B-Human folds set plays into GameState::State and knows one GameController; Pitchside names both leagues'.
  'GameState::SetPlay',
  'GameControllerData::Protocol',
  // B-Human's whistle detector parameter file names its window (`windowing = hamming;`); the cfg converts by name.
  'WhistleDetector::Windowing',
]);

describe("enum constants as B-Human's", () => {
  const declared = new Map(defaultTypeRegistry.allEnums().map((e) => [e.typeName, e.names] as const));

  it('every declared enum is classified', () => {
    const unclassified = [...declared.keys()].filter((name) => !(name in BHUMAN_ENUMS) && !PITCHSIDE_ONLY.has(name));
    expect(unclassified).toEqual([]);
  });

  for (const [name, constants] of Object.entries(BHUMAN_ENUMS)) {
    it(`${name} uses B-Human's constant names`, () => {
      const ours = declared.get(name);
      expect(ours, `${name} is not declared`).toBeDefined();
      if (name in DIFFERING) {
        // Only the documented constants are Pitchside's own; every other one is spelled as B-Human spells it.
        expect(ours!.filter((c) => !constants.includes(c))).toEqual(DIFFERING[name]);
      } else {
        expect([...ours!]).toEqual([...constants]);
      }
    });
  }
});
