import { describe, expect, it } from 'vitest';
import { appFiles, appPaths } from './appPaths';

describe('appPaths', () => {
  it('finds data beside the app in development and in the resources folder once packaged, never in the cwd', () => {
    const dev = appPaths({
      rootOverride: undefined,
      isPackaged: false,
      appPath: '/src/pitchside',
      resourcesPath: '/usr/lib/electron/resources',
    });
    expect(dev).toEqual({ appRoot: '/src/pitchside', dataRoot: '/src/pitchside' });
    const packaged = appPaths({
      rootOverride: undefined,
      isPackaged: true,
      appPath: '/opt/Pitchside/resources/app.asar',
      resourcesPath: '/opt/Pitchside/resources',
    });
    expect(packaged).toEqual({ appRoot: '/opt/Pitchside/resources/app.asar', dataRoot: '/opt/Pitchside/resources' });
    expect(appPaths({ rootOverride: '/repo', isPackaged: true, appPath: '/x', resourcesPath: '/y' })).toEqual({
      appRoot: '/repo',
      dataRoot: '/repo',
    });
    expect(appFiles('/opt/Pitchside/resources/app.asar')).toEqual({
      renderer: '/opt/Pitchside/resources/app.asar/dist/renderer',
      preload: '/opt/Pitchside/resources/app.asar/out/preload/index.cjs',
    });
  });
});
