import { describe, expect, it } from 'vitest';
import { MemoryFiles } from '../files';
import { createHarness } from '../testing/harness';

function ready() {
  const files = new MemoryFiles({ '/cfg/Scenarios/Default/threads.cfg': 'old' });
  const h = createHarness(undefined, { files, configRoot: '/cfg' });
  h.run();
  h.console.endOfStartScript();
  h.run();
  return { h, files };
}

describe('mr', () => {
  it('lists representations and modules with the active provider marked', () => {
    const { h } = ready();
    expect(h.run('mr ? ball')).toEqual(['BallModel (Cognition): BallLocator* OracleBallLocator default off']);
    expect(h.run('mr BallModel ?')).toEqual(['BallModel (Cognition): BallLocator* OracleBallLocator default off']);
    expect(h.run('mr modules Oracle')).toEqual(['OracleBallLocator: FrameInfo -> BallModel']);
    expect(h.run('mr modules BallLocator')[0]).toContain('BallLocator: FrameInfo -> BallModel*');
  });

  it('sends a changed configuration as idModuleRequest and polls again', () => {
    const { h } = ready();
    h.robot.sent.length = 0;
    expect(h.run('mr BallModel OracleBallLocator')).toEqual([]);
    const request = h.robot.sent.find((s) => s.kind === 'moduleRequest');
    expect(
      request?.kind === 'moduleRequest' && request.configuration.threads[1]!.representationProviders,
    ).toContainEqual({ representation: 'BallModel', provider: 'OracleBallLocator' });
    expect(h.robot.requestLog()).toContain('poll=on');
    expect(h.run('mr ? BallModel')).toEqual(['BallModel (Cognition): BallLocator OracleBallLocator* default off']);
  });

  it('applies for <thread>, off and default', () => {
    const { h } = ready();
    h.run('for Upper mr BallModel BallLocator');
    expect(h.run('mr ? BallModel')).toEqual([
      'BallModel (Upper): BallLocator* OracleBallLocator default off\nBallModel (Cognition): BallLocator* OracleBallLocator default off',
    ]);
    h.run('for Upper mr BallModel off');
    h.run('mr BallModel default');
    expect(h.run('mr ? BallModel')).toEqual(['BallModel (All): BallLocator OracleBallLocator default* off']);
  });

  it('prints refusals and usage', () => {
    const { h } = ready();
    expect(h.run('mr BallModel CameraProvider')).toEqual(['CameraProvider does not provide BallModel']);
    expect(h.run('mr FrameInfo off')[0]).toMatch(/^Refused: mr FrameInfo off would leave the configuration invalid/);
    expect(h.run('mr Nothing ?')).toEqual(['Unknown representation Nothing']);
    expect(h.run('for Upper mr BallModel default')[0]).toContain("cannot be combined with 'for <thread>'");
    expect(h.run('mr')[0]).toMatch(/^Syntax Error: mr/);
  });

  it('saves the configuration to the threads.cfg on the search path', () => {
    const { h, files } = ready();
    expect(h.run('mr save')).toEqual(['Saved the module configuration to /cfg/Scenarios/Default/threads.cfg']);
    const text = files.readText('/cfg/Scenarios/Default/threads.cfg')!;
    expect(text).toContain('{representation = BallModel; provider = BallLocator;}');
    expect(text).toContain('name = Cognition;');
  });
});
