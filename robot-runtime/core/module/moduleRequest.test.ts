import { describe, expect, it } from 'vitest';
import { applyModuleRequest, describe as describeRequest } from './moduleRequest';
import { catalogModules } from './ModuleGraph';
import {
  listModules,
  listRepresentations,
  parseModuleRequestCommand,
  representationLines,
  runModuleRequestCommand,
} from './moduleRequestCommand';
import { soccerConfiguration, soccerModules } from '../threads/testing/soccerFixture';

const catalog = catalogModules(soccerModules);

function providers(config: ReturnType<typeof soccerConfiguration>, thread: string): Record<string, string> {
  return Object.fromEntries(
    config.threads.find((t) => t.name === thread)!.representationProviders.map((p) => [p.representation, p.provider]),
  );
}

describe('applyModuleRequest', () => {
  it('changes the one thread that provides the representation', () => {
    const before = soccerConfiguration();
    const result = applyModuleRequest(before, catalog, {
      kind: 'provide',
      representation: 'BallModel',
      module: 'OracleBallLocator',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(providers(result.configuration, 'Cognition').BallModel).toBe('OracleBallLocator');
    expect(providers(before, 'Cognition').BallModel).toBe('BallLocator'); // the input is never changed
  });

  it('without for, refuses a representation provided in no thread or in several', () => {
    const config = soccerConfiguration();
    config.threads[1]!.representationProviders = config.threads[1]!.representationProviders.filter(
      (p) => p.representation !== 'FrameInfo',
    );
    config.defaultRepresentations = ['FrameInfo'];
    const none = applyModuleRequest(config, catalog, {
      kind: 'provide',
      representation: 'FrameInfo',
      module: 'FrameInfoProvider',
    });
    expect(none).toEqual({ ok: false, reason: expect.stringContaining('FrameInfo is not provided in any thread') });

    const twice = soccerConfiguration();
    twice.threads[2]!.representationProviders.push({ representation: 'FrameInfo', provider: 'FrameInfoProvider' });
    const several = applyModuleRequest(twice, catalog, {
      kind: 'provide',
      representation: 'FrameInfo',
      module: 'FrameInfoProvider',
    });
    expect(several).toEqual({
      ok: false,
      reason: expect.stringContaining('FrameInfo is provided in 2 threads (Cognition, Motion)'),
    });
  });

  it('with for, sets the provider in that thread and removes the default', () => {
    const config = soccerConfiguration();
    config.threads[1]!.representationProviders = config.threads[1]!.representationProviders.filter(
      (p) => p.representation !== 'FrameInfo',
    );
    config.defaultRepresentations = ['FrameInfo'];
    const result = applyModuleRequest(config, catalog, {
      kind: 'provide',
      representation: 'FrameInfo',
      module: 'FrameInfoProvider',
      thread: 'Cognition',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.configuration.defaultRepresentations).toEqual([]);
    expect(providers(result.configuration, 'Cognition').FrameInfo).toBe('FrameInfoProvider');
  });

  it('off refuses when others then lack their requirements, naming them', () => {
    const result = applyModuleRequest(soccerConfiguration(), catalog, { kind: 'off', representation: 'BallModel' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toContain('BehaviorControl in Cognition requires BallModel, which nobody provides');
    expect(result.reason).toContain('SelfLocator in Cognition uses BallModel, which nobody provides');
  });

  it('off of an unneeded representation is accepted; off for a thread only touches that thread', () => {
    const config = soccerConfiguration();
    config.threads[2]!.representationProviders.push({ representation: 'FrameInfo', provider: 'FrameInfoProvider' });
    const result = applyModuleRequest(config, catalog, { kind: 'off', representation: 'FrameInfo', thread: 'Motion' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(providers(result.configuration, 'Motion').FrameInfo).toBeUndefined();
    expect(providers(result.configuration, 'Cognition').FrameInfo).toBe('FrameInfoProvider');
  });

  it('default moves the representation from all threads to the defaults, and refuses for', () => {
    const result = applyModuleRequest(soccerConfiguration(), catalog, { kind: 'default', representation: 'FrameInfo' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.configuration.defaultRepresentations).toEqual(['FrameInfo']);
    expect(providers(result.configuration, 'Cognition').FrameInfo).toBeUndefined();
    expect(
      applyModuleRequest(soccerConfiguration(), catalog, {
        kind: 'default',
        representation: 'FrameInfo',
        thread: 'Cognition',
      }),
    ).toEqual({
      ok: false,
      reason: "mr FrameInfo default cannot be combined with 'for <thread>'",
    });
  });

  it('refuses unknown names and modules that do not provide the representation', () => {
    const config = soccerConfiguration();
    expect(applyModuleRequest(config, catalog, { kind: 'off', representation: 'Nope' })).toEqual({
      ok: false,
      reason: 'Unknown representation Nope',
    });
    expect(
      applyModuleRequest(config, catalog, { kind: 'provide', representation: 'BallModel', module: 'Nope' }),
    ).toEqual({ ok: false, reason: 'Unknown module Nope' });
    expect(
      applyModuleRequest(config, catalog, { kind: 'provide', representation: 'BallModel', module: 'SelfLocator' }),
    ).toEqual({
      ok: false,
      reason: 'SelfLocator does not provide BallModel',
    });
    expect(applyModuleRequest(config, catalog, { kind: 'off', representation: 'BallModel', thread: 'Lower' })).toEqual({
      ok: false,
      reason: 'Unknown thread Lower (threads: Upper, Cognition, Motion)',
    });
  });

  it('describes requests as console commands', () => {
    expect(describeRequest({ kind: 'provide', representation: 'BallModel', module: 'X', thread: 'Cognition' })).toBe(
      'mr BallModel X for Cognition',
    );
  });
});

describe('mr command text', () => {
  it('parses all forms', () => {
    expect(parseModuleRequestCommand(['?'])).toEqual({ kind: 'listRepresentations', pattern: undefined });
    expect(parseModuleRequestCommand(['modules', 'Ball'])).toEqual({ kind: 'listModules', pattern: 'Ball' });
    expect(parseModuleRequestCommand(['save'])).toEqual({ kind: 'save' });
    expect(parseModuleRequestCommand(['BallModel', '?'])).toEqual({
      kind: 'alternatives',
      representation: 'BallModel',
      pattern: undefined,
    });
    expect(parseModuleRequestCommand(['BallModel', 'off', 'for', 'Cognition'])).toEqual({
      kind: 'change',
      request: { kind: 'off', representation: 'BallModel', thread: 'Cognition' },
    });
    expect(parseModuleRequestCommand(['BallModel', 'X'])).toEqual({
      kind: 'change',
      request: { kind: 'provide', representation: 'BallModel', module: 'X', thread: undefined },
    });
    expect(parseModuleRequestCommand(['BallModel', 'X', 'to', 'Y'])).toHaveProperty('error');
  });

  it('lists representations with the active provider starred', () => {
    const config = soccerConfiguration();
    config.threads[1]!.representationProviders = config.threads[1]!.representationProviders.filter(
      (p) => p.representation !== 'FrameInfo',
    );
    config.defaultRepresentations = ['FrameInfo'];
    expect(representationLines(config, catalog, 'BallModel')).toEqual([
      'BallModel (Cognition): BallLocator* OracleBallLocator default off',
    ]);
    expect(representationLines(config, catalog, 'FrameInfo')).toEqual([
      'FrameInfo (All): FrameInfoProvider default* off',
    ]);
    const text = listRepresentations(soccerConfiguration(), catalog, 'Ball*');
    expect(text.split('\n')).toEqual([
      'BallModel (Cognition): BallLocator* OracleBallLocator default off',
      'BallPercept (Upper): BallPerceptor* default off',
    ]);
  });

  it('lists an unprovided representation as off', () => {
    const result = applyModuleRequest(soccerConfiguration(), catalog, { kind: 'off', representation: 'JointRequest' });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(representationLines(result.configuration, catalog, 'JointRequest')).toEqual([
        'JointRequest (All): MotionCombinator default off*',
      ]);
  });

  it('lists modules with requirements and starred selected provisions', () => {
    expect(listModules(soccerConfiguration(), catalog, 'locator').split('\n')).toEqual([
      'BallLocator: BallPercept FrameInfo RobotPose -> BallModel*',
      'OracleBallLocator: FrameInfo -> BallModel',
      'SelfLocator: FrameInfo BallModel -> RobotPose*',
    ]);
  });

  it('runs commands without changing the input configuration', () => {
    const config = soccerConfiguration();
    const ok = runModuleRequestCommand(config, catalog, ['BallModel', 'OracleBallLocator']);
    expect(ok.configuration).toBeDefined();
    const refused = runModuleRequestCommand(config, catalog, ['BallModel', 'off']);
    expect(refused.error).toContain('BehaviorControl in Cognition requires BallModel, which nobody provides');
    expect(runModuleRequestCommand(config, catalog, ['BallModel', '?']).output).toBe(
      'BallModel (Cognition): BallLocator* OracleBallLocator default off',
    );
  });
});
