/**
 * @file Provides CameraCalibration from this robot's `cameraCalibration.cfg`, the first on the search path
 * (Robots/<head>/Head, …, Robots/Default), as B-Human's ConfigurationDataProvider does. Its parameters are the
 * representation's fields, so `set module:CameraCalibrationProvider` changes the calibration at run time and
 * `get representation:CameraCalibration save` writes a file this module reads. Once the automatic calibration
 * is done (CameraCalibrationStatus), its result replaces the file's values until the program restarts.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { copyInPlace, defineParameters } from '@robot-runtime/core/streamable';
import {
  CameraCalibration,
  cameraCalibrationFields,
} from '@robot-runtime/representations/Configuration/CameraCalibration';
import { CameraCalibrationStatus } from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';

const Parameters = defineParameters('CameraCalibrationProvider', cameraCalibrationFields);

export const CameraCalibrationProvider = defineModule({
  name: 'CameraCalibrationProvider',
  category: 'Infrastructure',
  uses: [CameraCalibrationStatus],
  provides: [CameraCalibration],
  parameters: Parameters,
  loadsParameters: true,
  parameterFile: 'cameraCalibration.cfg',
  stateless: true,
}).implement(({ the, params }) => ({
  update: {
    CameraCalibration(calibration) {
      const status = the.CameraCalibrationStatus;
      const source = status?.hasResult ? status.calibration : params;
      // Written in place: the camera matrix and the debug layer hold the blackboard's objects.
      calibration.cameraRotationCorrections = copyInPlace(
        calibration.cameraRotationCorrections,
        source.cameraRotationCorrections,
      ) as typeof calibration.cameraRotationCorrections;
      calibration.bodyRotationCorrection = copyInPlace(
        calibration.bodyRotationCorrection,
        source.bodyRotationCorrection,
      ) as typeof calibration.bodyRotationCorrection;
    },
  },
}));
