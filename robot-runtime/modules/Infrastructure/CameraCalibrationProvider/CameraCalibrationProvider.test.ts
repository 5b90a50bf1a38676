import { describe, expect, it } from 'vitest';
import { loadModuleParameters } from '@robot-runtime/core/config/loadConfig';
import { InMemoryFileSystem, searchPath } from '@robot-runtime/core/config/searchPath';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { deg } from '@robot-runtime/math/vec2';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import { CameraCalibrationProvider } from './CameraCalibrationProvider';

const zeros = `cameraRotationCorrections = [{x = 0deg; y = 0deg; z = 0deg;}, {x = 0deg; y = 0deg; z = 0deg;}];
bodyRotationCorrection = {x = 0deg; y = 0deg;};`;
const nao7 = `cameraRotationCorrections = [
  {x = 1.5deg; y = -2deg; z = 0.25deg;},
  {x = 0deg; y = -3deg; z = 0deg;}
];
bodyRotationCorrection = {x = 0.5deg; y = -1deg;};`;

/** What a robot with head `head` and body `body` reads, given the files of the config tree. */
function calibrationOf(head: string, body: string, files: Record<string, string>) {
  const dirs = searchPath({ headName: head, bodyName: body, location: 'Default', scenario: 'Default' });
  const loaded = loadModuleParameters(CameraCalibrationProvider, { fs: new InMemoryFileSystem(files), dirs })!;
  const { update } = createModuleForTest(CameraCalibrationProvider, { params: loaded.value as never });
  const calibration = CameraCalibration.defaultValue();
  update.CameraCalibration!(calibration);
  return { calibration, loaded };
}

describe('CameraCalibrationProvider', () => {
  const files = {
    'Robots/Default/cameraCalibration.cfg': zeros,
    'Robots/Nao7/Nao7/cameraCalibration.cfg': nao7,
  };

  it("reads the robot's own cameraCalibration.cfg from its folder on the search path (degrees in the file)", () => {
    const { calibration, loaded } = calibrationOf('Nao7', 'Nao7', files);
    expect(loaded.file).toBe('Robots/Nao7/Nao7/cameraCalibration.cfg');
    expect(loaded.diagnostics).toEqual([]);
    const [upper, lower] = calibration.cameraRotationCorrections;
    expect(upper!.x).toBeCloseTo(deg(1.5), 6);
    expect(upper!.y).toBeCloseTo(deg(-2), 6);
    expect(upper!.z).toBeCloseTo(deg(0.25), 6);
    expect(lower!.y).toBeCloseTo(deg(-3), 6);
    expect(calibration.bodyRotationCorrection.x).toBeCloseTo(deg(0.5), 6);
    expect(calibration.bodyRotationCorrection.y).toBeCloseTo(deg(-1), 6);
  });

  it('falls back to Robots/Default for a robot without its own file, and reports a bad file at its line', () => {
    const other = calibrationOf('Nao8', 'Nao8', files);
    expect(other.loaded.file).toBe('Robots/Default/cameraCalibration.cfg');
    expect(other.calibration.cameraRotationCorrections.flatMap((c) => [c.x, c.y, c.z])).toEqual([0, 0, 0, 0, 0, 0]);
    const broken = calibrationOf('Nao9', 'Nao9', {
      ...files,
      'Robots/Nao9/Nao9/cameraCalibration.cfg': 'bodyRotationCorrection = {x = 1deg; y = oops;};',
    });
    expect(broken.loaded.diagnostics.length).toBeGreaterThan(0);
    expect(broken.loaded.diagnostics[0]).toMatchObject({ file: 'Robots/Nao9/Nao9/cameraCalibration.cfg', row: 1 });
  });
});
