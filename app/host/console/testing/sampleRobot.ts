/**
 * @file A small robot description for console tests: three threads, a ball model with an enum, module parameters,
 * drawings, plots and images. Built fresh per call because tests change it.
 */
import { makeThread } from '@robot-runtime/core/config/Configuration';
import { BHUMAN_PRIMITIVES, type TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { ScriptedRobotSpec } from './ScriptedRobot';

/** TypeInfo name of the 2-D float vector. */
export const VECTOR2F = 'Eigen::Matrix<float,2,1,0,2,1>';

/** The TypeInfo of the sample robot. */
export function sampleTypeInfo(): TypeInfo {
  return {
    primitives: [...BHUMAN_PRIMITIVES],
    classes: new Map([
      [
        VECTOR2F,
        [
          { name: 'x', type: 'float' },
          { name: 'y', type: 'float' },
        ],
      ],
      [
        'BallModel',
        [
          { name: 'position', type: VECTOR2F },
          { name: 'velocity', type: VECTOR2F },
          { name: 'seenPercentage', type: 'unsigned char' },
          { name: 'quality', type: 'BallModel::Quality' },
        ],
      ],
      [
        'BallLocatorParameters',
        [
          { name: 'maxDistance', type: 'float' },
          { name: 'aimTolerance', type: 'Angle' },
          { name: 'qualities', type: 'BallModel::Quality*' },
          { name: 'label', type: 'std::string' },
        ],
      ],
    ]),
    enums: new Map([['BallModel::Quality', ['good', 'bad', 'unknown']]]),
  };
}

/** The sample robot: Upper, Cognition and Motion threads. */
export function sampleRobotSpec(): ScriptedRobotSpec {
  return {
    typeInfo: sampleTypeInfo(),
    modules: [
      { name: 'FrameInfoProvider', requirements: [], provisions: ['FrameInfo'] },
      { name: 'CameraProvider', requirements: [], provisions: ['CameraImage'] },
      { name: 'BallLocator', requirements: ['FrameInfo'], provisions: ['BallModel'] },
      { name: 'OracleBallLocator', requirements: ['FrameInfo'], provisions: ['BallModel'] },
    ],
    configuration: {
      defaultRepresentations: [],
      threads: [
        makeThread('Upper', 'Perception', { FrameInfo: 'FrameInfoProvider', CameraImage: 'CameraProvider' }),
        makeThread('Cognition', 'Cognition', { FrameInfo: 'FrameInfoProvider', BallModel: 'BallLocator' }),
        makeThread('Motion', 'Motion', { FrameInfo: 'FrameInfoProvider' }),
      ],
    },
    requests: {
      Upper: [
        'representation:CameraImage',
        'debug images:corrected',
        'debug drawing:ballSpots',
        'debug data:representation:BallModel',
      ],
      Cognition: [
        'representation:BallModel',
        'debug data:representation:BallModel',
        'debug data:module:BallLocator',
        'debug drawing:representation:BallModel',
        'debug drawing:field lines',
        'debug drawing 3d:representation:BallModel',
        'plot:module:BallLocator:distance',
      ],
      Motion: ['plot:speed'],
    },
    drawingManagers: {
      Upper: { types: [{ id: 0, name: 'drawingOnImage' }], drawings: [{ id: 0, typeId: 0, name: 'ballSpots' }] },
      Cognition: {
        types: [
          { id: 0, name: 'drawingOnImage' },
          { id: 1, name: 'drawingOnField' },
        ],
        drawings: [
          { id: 0, typeId: 1, name: 'representation:BallModel' },
          { id: 1, typeId: 1, name: 'field lines' },
        ],
      },
    },
    debugData: {
      'representation:BallModel': {
        threads: ['Upper', 'Cognition'],
        type: 'BallModel',
        value: { position: { x: 1000, y: -250.5 }, velocity: { x: 0, y: 0 }, seenPercentage: 80, quality: 'good' },
      },
      'module:BallLocator': {
        threads: ['Cognition'],
        type: 'BallLocatorParameters',
        value: { maxDistance: 4500, aimTolerance: Math.PI / 30, qualities: ['good', 'bad'], label: 'two words' },
      },
    },
  };
}
