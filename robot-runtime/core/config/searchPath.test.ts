import { describe, expect, it } from 'vitest';
import { InMemoryFileSystem, findConfigFile, searchPath } from './searchPath';
import { loadAllModuleParameters, loadConfiguration, loadModuleParameters, parametersFrom } from './loadConfig';
import { ToyPerceptor, ToyPerceptorParameters } from '../threads/testing/toyRobot';
import { defineModule } from '../module/defineModule';
import { ToyCameraInfo } from '../threads/testing/toyRobot';

describe('searchPath', () => {
  it('lists NAO levels most specific first, skipping Default location and scenario', () => {
    expect(searchPath({ headName: 'Nao1', bodyName: 'Body1', location: 'Default', scenario: 'Default' })).toEqual([
      'Robots/Nao1/Head',
      'Robots/Body1/Body',
      'Robots/Nao1/Body1',
      'Robots/Default',
      'Locations/Default',
      'Scenarios/Default',
      '',
    ]);
  });

  it('adds location, scenario and type subfolders', () => {
    expect(searchPath({ headName: 'H', bodyName: 'B', location: 'Hall', scenario: 'Walk', robotType: 'T1' })).toEqual([
      'Robots/H/Head',
      'Robots/B/Body',
      'Robots/H/B',
      'Locations/Hall/T1',
      'Locations/Hall',
      'Scenarios/Walk/T1',
      'Scenarios/Walk',
      'Robots/Default/T1',
      'Robots/Default',
      'Locations/Default/T1',
      'Locations/Default',
      'Scenarios/Default/T1',
      'Scenarios/Default',
      '',
    ]);
  });

  it('finds the first match', () => {
    const fs = new InMemoryFileSystem({ 'Scenarios/Default/a.cfg': 'x', 'Locations/Hall/a.cfg': 'y', 'b.cfg': 'root' });
    const dirs = searchPath({ headName: 'H', bodyName: 'B', location: 'Hall', scenario: 'Default' });
    expect(findConfigFile(fs, dirs, 'a.cfg')).toEqual({ path: 'Locations/Hall/a.cfg', text: 'y' });
    expect(findConfigFile(fs, dirs, 'b.cfg')).toEqual({ path: 'b.cfg', text: 'root' });
    expect(findConfigFile(fs, dirs, 'c.cfg')).toBeUndefined();
  });
});

const loads = defineModule({ name: 'ToyPerceptor', category: 'Test', provides: [ToyCameraInfo], parameters: ToyPerceptorParameters, loadsParameters: true }).implement(() => ({
  update: { ToyCameraInfo() {} },
}));

describe('parameters', () => {
  const dirs = searchPath({ headName: 'H', bodyName: 'B', location: 'Hall', scenario: 'Default' });

  it('DEFINES_PARAMETERS keeps code defaults even when a file exists', () => {
    const fs = new InMemoryFileSystem({ 'Scenarios/Default/toyPerceptor.cfg': 'gain = 7;' });
    expect(loadModuleParameters(ToyPerceptor, { fs, dirs })).toEqual({ value: { gain: 3 }, diagnostics: [] });
  });

  it('LOADS_PARAMETERS reads the most specific file', () => {
    const fs = new InMemoryFileSystem({ 'Scenarios/Default/toyPerceptor.cfg': 'gain = 7;', 'Locations/Hall/toyPerceptor.cfg': 'gain = 9;' });
    expect(loadModuleParameters(loads, { fs, dirs })).toEqual({ value: { gain: 9 }, file: 'Locations/Hall/toyPerceptor.cfg', diagnostics: [] });
  });

  it('reports problems with file, row and column and keeps defaults', () => {
    const fs = new InMemoryFileSystem({ 'toyPerceptor.cfg': '\n  gain = abc;' });
    const loaded = loadModuleParameters(loads, { fs, dirs })!;
    expect(loaded.value).toEqual({ gain: 3 });
    expect(loaded.diagnostics[0]).toMatchObject({ severity: 'error', file: 'toyPerceptor.cfg', row: 2 });
    const missing = loadAllModuleParameters([loads], { fs: new InMemoryFileSystem(), dirs });
    expect(missing.values.get('ToyPerceptor')).toEqual({ gain: 3 });
    expect(missing.diagnostics[0]!.message).toContain('toyPerceptor.cfg is not on the search path');
    const source = parametersFrom(new Map([['ToyPerceptor', { gain: 4 }]]));
    const first = source(loads) as { gain: number };
    expect(first).toEqual({ gain: 4 });
    first.gain = 8;
    expect(source(loads)).toEqual({ gain: 4 }); // each instance gets its own copy
  });

  it('loads threads.cfg through the search path', () => {
    const fs = new InMemoryFileSystem({
      'Scenarios/Default/threads.cfg': `defaultRepresentations = [FrameInfo];
threads = [{ name = Cognition; priority = 1; debugReceiverSize = 2000000; debugSenderSize = 2000000;
  debugSenderInfrastructureSize = 200000; executionUnit = Cognition;
  representationProviders = [{representation = BallModel; provider = BallLocator;}]; }];`,
    });
    const loaded = loadConfiguration({ fs, dirs });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.file).toBe('Scenarios/Default/threads.cfg');
    expect(loaded.value.defaultRepresentations).toEqual(['FrameInfo']);
    expect(loaded.value.threads[0]).toMatchObject({ name: 'Cognition', priority: 1, executionUnit: 'Cognition', representationProviders: [{ representation: 'BallModel', provider: 'BallLocator' }] });
  });
});
