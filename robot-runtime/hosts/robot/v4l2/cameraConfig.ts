/**
 * @file What each NAO camera is asked for, from the config search path as B-Human keeps it: `cameraResolution.cfg`
 * (`resolutions = { upper = w640h480; lower = w320h240; };`; a NAO camera takes 320×240, 640×480 or 1280×960) and
 * `cameraSettings.cfg` (`cameras = { upper = {…}; lower = {…}; };`), turned into V4L2 controls in B-Human's order
 * and with its rules: exposure and gain only with automatic exposure off, focus only without autofocus, hue only
 * without automatic hue. The red/green/blue gains are sensor registers behind the NAO's UVC extension unit, which
 * this camera code does not drive. Both cameras run at 30 frames per second, as on B-Human's NAOs.
 */
import { findConfigFile, type FileSystem } from '@robot-runtime/core/config/searchPath';
import { parseConfig, type ConfigNode, type ConfigRecord } from '@robot-runtime/protocol/configMap';
import type { CameraRequest } from './V4L2Camera';
import { V4L2_CID } from './v4l2Structs';

/** The frame rate of both NAO cameras. */
export const NAO_CAMERA_FPS = 30;

/** The sizes a NAO camera provider accepts. */
const RESOLUTIONS: Readonly<Record<string, [number, number]>> = {
  w320h240: [320, 240],
  w640h480: [640, 480],
  w1280h960: [1280, 960],
};
const DEFAULT_RESOLUTION = { upper: 'w640h480', lower: 'w320h240' } as const;

function entry(record: ConfigNode | undefined, key: string): ConfigNode | undefined {
  return record?.kind === 'record' ? record.entries.find((e) => e.key === key)?.value : undefined;
}

function literal(record: ConfigNode | undefined, key: string): string | undefined {
  const node = entry(record, key);
  return node?.kind === 'literal' ? node.text : undefined;
}

/** The controls of one camera's settings record, in the order they are written. */
export function cameraControls(settings: ConfigNode | undefined, file: string): { id: number; value: number }[] {
  if (!settings) return [];
  const number = (key: string): number | undefined => {
    const text = literal(settings, key);
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n)) throw new Error(`${file}: ${key} = ${text} is not a number`);
    return n;
  };
  const bool = (key: string): boolean | undefined => {
    const text = literal(settings, key);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false') throw new Error(`${file}: ${key} = ${text} is not true or false`);
    return text === 'true';
  };
  const controls: { id: number; value: number }[] = [];
  const add = (id: number, value: number | boolean | undefined) => {
    if (value !== undefined) controls.push({ id, value: typeof value === 'boolean' ? Number(value) : value });
  };
  const autoExposure = bool('autoExposure');
  // V4L2's exposure menu: 0 automatic, 1 manual.
  if (autoExposure !== undefined) add(V4L2_CID.EXPOSURE_AUTO, autoExposure ? 0 : 1);
  add(V4L2_CID.BRIGHTNESS, number('autoExposureBrightness'));
  if (autoExposure === false) {
    add(V4L2_CID.EXPOSURE_ABSOLUTE, number('exposure'));
    add(V4L2_CID.GAIN, number('gain'));
  }
  add(V4L2_CID.AUTO_WHITE_BALANCE, bool('autoWhiteBalance'));
  const autoFocus = bool('autoFocus');
  add(V4L2_CID.FOCUS_AUTO, autoFocus);
  if (autoFocus === false) add(V4L2_CID.FOCUS_ABSOLUTE, number('focus'));
  const autoHue = bool('autoHue');
  add(V4L2_CID.HUE_AUTO, autoHue);
  if (autoHue === false) add(V4L2_CID.HUE, number('hue'));
  add(V4L2_CID.SATURATION, number('saturation'));
  add(V4L2_CID.CONTRAST, number('contrast'));
  add(V4L2_CID.SHARPNESS, number('sharpness'));
  return controls;
}

/** The upper and lower camera's requests from the first cameraResolution.cfg and cameraSettings.cfg on `dirs`. */
export function cameraRequests(fs: FileSystem, dirs: readonly string[]): [CameraRequest, CameraRequest] {
  const resolution = findConfigFile(fs, dirs, 'cameraResolution.cfg');
  const settings = findConfigFile(fs, dirs, 'cameraSettings.cfg');
  const resolutions = resolution ? entry(parseConfig(resolution.text, resolution.path), 'resolutions') : undefined;
  const cameras: ConfigRecord | ConfigNode | undefined = settings
    ? entry(parseConfig(settings.text, settings.path), 'cameras')
    : undefined;
  const request = (camera: 'upper' | 'lower'): CameraRequest => {
    const name = literal(resolutions, camera) ?? DEFAULT_RESOLUTION[camera];
    const size = RESOLUTIONS[name];
    if (!size)
      throw new Error(
        `${resolution?.path ?? 'cameraResolution.cfg'}: ${camera} = ${name}; a NAO camera takes ` +
          Object.keys(RESOLUTIONS).join(', '),
      );
    return {
      width: size[0],
      height: size[1],
      fps: NAO_CAMERA_FPS,
      controls: cameraControls(entry(cameras, camera), settings?.path ?? 'cameraSettings.cfg'),
    };
  };
  return [request('upper'), request('lower')];
}
