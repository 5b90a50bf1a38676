/**
 * The message id table of the current B-Human framework (formats §2.3), as numbered in this program. Ids 0..89 are
 * loggable data (0..2 framing, 3..12 stable for the console), 90..108 are debug infrastructure. Other programs and
 * older logs may number differently: logs carry their id names (remap by name, see messageIdRemap.ts) and the
 * debug link renumbers infrastructure ids by an offset (see debugLink/idRenumbering.ts).
 */
export const MessageID = {
  /** Value 0: registered name; also the handshake message (see idNumOfDataMessageIDs). */
  undefined: 0,
  /** Alias of 0: in the debug-link handshake this message carries the sender's numOfDataMessageIDs. */
  idNumOfDataMessageIDs: 0,
  idFrameBegin: 1,
  idFrameFinished: 2,
  // 3..12 are used by the console and kept stable across versions.
  idActivationGraph: 3,
  idAnnotation: 4,
  idCameraImage: 5,
  idJointCalibration: 6,
  idJointRequest: 7,
  idJointSensorData: 8,
  idJPEGImage: 9,
  idMotionRequest: 10,
  idRawInertialSensorData: 11,
  idStopwatch: 12,
  // 13..89: other loggable data, order may change between versions (match by name).
  idAgentStates: 13,
  idAlternativeRobotPoseHypothesis: 14,
  idArmMotionRequest: 15,
  idAudioData: 16,
  idBallModel: 17,
  idBallPercept: 18,
  idBallSpots: 19,
  idBehaviorStatus: 20,
  idBodyContour: 21,
  idCalibrationRequest: 22,
  idCameraCalibration: 23,
  idCameraCalibrationStatus: 24,
  idCameraInfo: 25,
  idCameraMatrix: 26,
  idCirclePercept: 27,
  idCustomCalibrationLines: 28,
  idFallDownState: 29,
  idFieldBoundary: 30,
  idFootSupport: 31,
  idFrameInfo: 32,
  idFsrSensorData: 33,
  idGameControllerData: 34,
  idGameState: 35,
  idGlobalOpponentsModel: 36,
  idGlobalTeammatesModel: 37,
  idGroundContactState: 38,
  idGroundTruthOdometryData: 39,
  idGroundTruthWorldState: 40,
  idGyroOffset: 41,
  idHeadMotionInfo: 42,
  idHeadMotionRequest: 43,
  idIMUCalibration: 44,
  idIMUValueState: 45,
  idImageCoordinateSystem: 46,
  idIndirectKick: 47,
  idInertialData: 48,
  idInertialSensorData: 49,
  idJointAnglePred: 50,
  idJointAngles: 51,
  idJointLimits: 52,
  idJointPlay: 53,
  idJoystickState: 54,
  idKeyStates: 55,
  idLinesPercept: 56,
  idModifiedJointRequest: 57,
  idMotionInfo: 58,
  idMotionRobotHealth: 59,
  idObstacleModel: 60,
  idObstaclesFieldPercept: 61,
  idObstaclesImagePercept: 62,
  idOdometer: 63,
  idOdometryData: 64,
  idOdometryDataPreview: 65,
  idOdometryTranslationRequest: 66,
  idPenaltyMarkPercept: 67,
  idReceivedTeamMessages: 68,
  idRefereeGesture: 69,
  idRefereeSignal: 70,
  idRobotDimensions: 71,
  idRobotHealth: 72,
  idRobotPose: 73,
  idRobotStableState: 74,
  idSelfLocalizationHypotheses: 75,
  idSideInformation: 76,
  idSkillRequest: 77,
  idSolePressureState: 78,
  idStaticJointPoses: 79,
  idStrategyStatus: 80,
  idSystemSensorData: 81,
  idTeamData: 82,
  idTeamBallModel: 83,
  idTorsoMatrix: 84,
  idWalkGenerator: 85,
  idWalkLearner: 86,
  idWalkStepData: 87,
  idWalkingEngineOutput: 88,
  idWhistle: 89,
  // 90.. infrastructure; 90 is numOfDataMessageIDs, registered as idConsole.
  idConsole: 90,
  idDebugDataChangeRequest: 91,
  idDebugDataResponse: 92,
  idDebugDrawing: 93,
  idDebugDrawing3D: 94,
  idDebugImage: 95,
  idDebugRequest: 96,
  idDebugResponse: 97,
  idDrawingManager: 98,
  idDrawingManager3D: 99,
  idLogResponse: 100,
  idModuleRequest: 101,
  idModuleTable: 102,
  idPlot: 103,
  idRobotName: 104,
  idText: 105,
  idThread: 106,
  idTypeInfo: 107,
  idTypeInfoRequest: 108,
} as const;

/** A name of the table above (including the alias idNumOfDataMessageIDs). */
export type MessageIdName = keyof typeof MessageID;

/** Number of loggable data ids; the first infrastructure id (idConsole) has this value. */
export const numOfDataMessageIDs = 90;

/** Number of ids in the table (one past the largest). */
export const numOfMessageIDs = 109;

/**
 * The registered name of every id, indexed by id. Where two constants share a value the registered one wins
 * ('undefined' for 0, 'idConsole' for 90); it is listed first in MessageID, so "first name wins" suffices.
 */
export const messageIdNames: readonly string[] = (() => {
  const names: string[] = [];
  for (const [name, id] of Object.entries(MessageID)) if (names[id] === undefined) names[id] = name;
  return Object.freeze(names);
})();

/**
 * The name of the enum in a robot's TypeInfo that lists its message ids (constant index = id). B-Human's
 * robots announce it; consoles match data ids by these names.
 */
export const MESSAGE_ID_ENUM = 'MessageID';

/** Names that older logs and robots use for ids that still exist under a new name. */
const legacyNames: Readonly<Record<string, number>> = {
  idProcessBegin: MessageID.idFrameBegin,
  idProcessFinished: MessageID.idFrameFinished,
};

/**
 * Ids Pitchside adds past B-Human's table (numOfMessageIDs and up). They only appear in Pitchside's own logs, whose
 * message-id chunk names them; B-Human's reader maps names it does not know to `undefined` and skips those messages.
 */
export const PitchsideMessageID = {
  /** The module configuration (threads.cfg) the recorded robot ran with, in its log's first frame (formats §3.7). */
  idPitchsideConfiguration: numOfMessageIDs,
} as const;

const idsByName: ReadonlyMap<string, number> = new Map<string, number>([
  ...Object.entries(MessageID),
  ...Object.entries(legacyNames),
  ...Object.entries(PitchsideMessageID),
]);

/** The registered name of `id`, or undefined when `id` is outside 0..numOfMessageIDs-1. */
export function messageIdName(id: number): string | undefined {
  return messageIdNames[id];
}

/** The id of a message id name (registered names, the alias idNumOfDataMessageIDs, legacy names), or undefined. */
export function messageIdByName(name: string): number | undefined {
  return idsByName.get(name);
}

/** True for ids of the debug infrastructure range (numOfDataMessageIDs..numOfMessageIDs-1). */
export function isInfrastructureId(id: number): boolean {
  return id >= numOfDataMessageIDs && id < numOfMessageIDs;
}

/**
 * The message id under which representation `representation` is logged and streamed: the rule X <-> idX,
 * restricted to the data ids after the framing ids (3..89), because only those carry representations.
 * Example: messageIdForRepresentation('BallModel') === MessageID.idBallModel.
 */
export function messageIdForRepresentation(representation: string): number | undefined {
  return idsByRepresentation.get(representation);
}

/** The data ids by representation name (idX -> X), made once: exports and replays ask for them per message. */
const idsByRepresentation: ReadonlyMap<string, number> = new Map(
  [...idsByName]
    .filter(([name, id]) => name.startsWith('id') && id > MessageID.idFrameFinished && id < numOfDataMessageIDs)
    .map(([name, id]) => [name.slice(2), id]),
);

/** The representation name carried by data id `id` (idX -> X), or undefined for framing and infrastructure ids. */
export function representationForMessageId(id: number): string | undefined {
  if (id <= MessageID.idFrameFinished || id >= numOfDataMessageIDs) return undefined;
  return messageIdNames[id]?.slice(2);
}
