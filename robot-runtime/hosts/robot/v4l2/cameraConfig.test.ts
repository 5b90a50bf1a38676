import { describe, expect, it } from 'vitest';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { NodeFileSystem } from '../../node/NodeFileSystem';
import { cameraRequests } from './cameraConfig';
import { V4L2_CID } from './v4l2Structs';

const dirs = searchPath({ headName: 'Nao', bodyName: 'Nao', location: 'Default', scenario: 'Default' });

describe('the cameras asked for by the configuration', () => {
  it('reads B-Human-style cameraResolution.cfg and cameraSettings.cfg from the search path', () => {
    const [upper, lower] = cameraRequests(new NodeFileSystem('config'), dirs);
    expect([upper.width, upper.height, upper.fps]).toEqual([640, 480, 30]);
    expect([lower.width, lower.height, lower.fps]).toEqual([320, 240, 30]);
    // Automatic exposure (menu 0), so neither exposure nor gain; no autofocus, so focus 0; hue with autoHue off.
    expect(upper.controls).toEqual([
      { id: V4L2_CID.EXPOSURE_AUTO, value: 0 },
      { id: V4L2_CID.BRIGHTNESS, value: 0 },
      { id: V4L2_CID.AUTO_WHITE_BALANCE, value: 1 },
      { id: V4L2_CID.FOCUS_AUTO, value: 0 },
      { id: V4L2_CID.FOCUS_ABSOLUTE, value: 0 },
      { id: V4L2_CID.HUE_AUTO, value: 0 },
      { id: V4L2_CID.HUE, value: 0 },
      { id: V4L2_CID.SATURATION, value: 80 },
      { id: V4L2_CID.CONTRAST, value: 32 },
      { id: V4L2_CID.SHARPNESS, value: 4 },
    ]);
  });

  it('writes exposure and gain with manual exposure, and refuses a size no NAO camera has', () => {
    const files: Record<string, string> = {
      'Locations/Default/cameraSettings.cfg':
        'cameras = { upper = { autoExposure = false; exposure = 120; gain = 33; }; lower = {}; };',
      'Robots/Default/cameraResolution.cfg': 'resolutions = { upper = w1280h960; lower = w424h240; };',
    };
    const fs = { readText: (p: string) => files[p] };
    expect(() => cameraRequests(fs, dirs)).toThrow(/lower = w424h240; a NAO camera takes w320h240, w640h480/);
    files['Robots/Default/cameraResolution.cfg'] = 'resolutions = { upper = w1280h960; lower = w320h240; };';
    const [upper] = cameraRequests(fs, dirs);
    expect([upper.width, upper.height]).toEqual([1280, 960]);
    expect(upper.controls).toEqual([
      { id: V4L2_CID.EXPOSURE_AUTO, value: 1 },
      { id: V4L2_CID.EXPOSURE_ABSOLUTE, value: 120 },
      { id: V4L2_CID.GAIN, value: 33 },
    ]);
  });
});
