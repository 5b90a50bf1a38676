import { describe, expect, it } from 'vitest';
import type { ModulesData } from '@app/ipc/viewData';
import { layoutGraph } from './layoutGraph';
import { buildModuleGraph } from './moduleGraph';

const data: ModulesData = {
  kind: 'modules',
  modules: [
    {
      name: 'BallLocator',
      requirements: ['FrameInfo', 'BallPercept', 'FieldDimensions', 'Teleport'],
      provisions: ['BallModel'],
    },
    { name: 'FrameInfoProvider', requirements: [], provisions: ['FrameInfo'] },
  ],
  defaultRepresentations: ['FieldDimensions'],
  threads: [
    { name: 'Upper', providers: [{ representation: 'BallPercept', provider: 'BallPerceptor' }] },
    {
      name: 'Cognition',
      providers: [
        { representation: 'BallModel', provider: 'BallLocator' },
        { representation: 'FrameInfo', provider: 'FrameInfoProvider' },
      ],
    },
  ],
};

describe('module graph', () => {
  it('follows the conventions for provided, default, other-thread and missing requirements', () => {
    const g = buildModuleGraph(data, 'Cognition');
    const kinds = Object.fromEntries(g.nodes.map((n) => [n.id, n.kind]));
    expect(kinds).toMatchObject({
      'module:BallLocator': 'module',
      'module:FrameInfoProvider': 'module',
      'rep:BallModel': 'provided',
      'rep:FrameInfo': 'provided',
      'rep:FieldDimensions': 'provided',
      'default:FieldDimensions': 'default',
      'rep:BallPercept': 'otherThread',
      'rep:Teleport': 'missing',
    });
    expect(g.edges).toEqual(
      expect.arrayContaining([
        { from: 'module:BallLocator', to: 'rep:BallModel' },
        { from: 'rep:FrameInfo', to: 'module:BallLocator' },
        { from: 'default:FieldDimensions', to: 'rep:FieldDimensions' },
        { from: 'rep:Teleport', to: 'module:BallLocator' },
      ]),
    );
    expect(buildModuleGraph(data, 'Nowhere').nodes).toEqual([]);
  });

  it('lays the graph out top to bottom without overlaps', () => {
    const layout = layoutGraph(buildModuleGraph(data, 'Cognition'));
    const y = Object.fromEntries(layout.nodes.map((n) => [n.id, n.y]));
    expect(y['module:BallLocator']!).toBeGreaterThan(y['rep:FrameInfo']!);
    expect(y['rep:BallModel']!).toBeGreaterThan(y['module:BallLocator']!);
    expect(layout.width).toBeGreaterThan(0);
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
  });
});
