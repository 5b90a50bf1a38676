import { describe, expect, it } from 'vitest';
import { Commands } from '../../services/CommandBus';
import type { ViewDescriptor } from '../viewCatalog';
import { paletteItems } from './paletteItems';

const load = (): Promise<never> => Promise.reject(new Error('not loaded in tests'));
const catalog: ViewDescriptor[] = [
  { id: 'console', title: 'Console', description: 'Command line', load },
  { id: 'timing', title: 'Timing', description: 'Stopwatches', load, titleFor: (p) => `${p.robot}.timing.${p.thread}` },
];
const robotViews = {
  robot: 'robot1',
  fieldViews: [],
  imageViews: [],
  plotViews: [],
  dataKeys: [],
  threads: ['Motion'],
};

describe('paletteItems', () => {
  const items = paletteItems({
    commands: [
      { id: Commands.step, title: 'Simulation: Step' },
      { id: Commands.closePanel, title: 'View: Close Panel' },
    ],
    isHandled: (id) => id === Commands.closePanel,
    catalog,
    views: { robots: [robotViews] },
  });

  it('opens every catalog view with the focus moving into it', () => {
    const console = items.find((i) => i.title === 'View: Open Console');
    expect(console?.command).toBe(Commands.openView);
    expect(console?.args).toEqual(['console', undefined, { focus: true }]);
    expect(console?.detail).toBe('Command line');
  });
  it('lists described commands with their shortcuts and whether they can run now', () => {
    expect(items.find((i) => i.command === Commands.closePanel)).toMatchObject({
      shortcut: 'Alt+W',
      unavailable: false,
    });
    expect(items.find((i) => i.command === Commands.step)).toMatchObject({ shortcut: 'F8', unavailable: true });
  });
  it('offers the views a robot announced, titled by their SimRobot path', () => {
    const timing = items.find((i) => i.title === 'View: Open robot1.timing.Motion');
    expect(timing?.args).toEqual(['timing', { robot: 'robot1', thread: 'Motion' }, { focus: true }]);
    expect(items.some((i) => i.title === 'View: Open robot1.jointData')).toBe(true);
  });
});
