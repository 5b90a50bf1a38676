import { describe, expect, it } from 'vitest';
import { filterPalette } from './filterPalette';

const items = [
  { title: 'File: Open .con Script…' },
  { title: 'Simulation: Step' },
  { title: 'View: Open Console', detail: 'Command line, output and .con scripts' },
  { title: 'View: Open Field', detail: 'Field drawings of a robot (vf / vfd)' },
  { title: 'View: Open Timing', detail: 'Stopwatches of one thread of a robot' },
  { title: 'View: Open robot1.timing.motion', detail: 'robot1' },
  { title: 'View: Open Module Graph', detail: 'Modules and representations of one thread' },
];
const titles = (query: string): string[] => filterPalette(items, query).map((i) => i.title);

describe('filterPalette', () => {
  it('keeps everything, in order, for an empty query', () => {
    expect(titles('  ')).toEqual(items.map((i) => i.title));
  });
  it('ranks an action that starts with the query first', () => {
    expect(titles('open con')[0]).toBe('View: Open Console');
    expect(titles('step')).toEqual(['Simulation: Step']);
  });
  it('needs every word, in any order, and ranks word starts above inner matches', () => {
    expect(titles('graph module')).toEqual(['View: Open Module Graph']);
    expect(titles('timing')).toEqual(['View: Open Timing', 'View: Open robot1.timing.motion']);
    expect(titles('iming')).toEqual(['View: Open Timing', 'View: Open robot1.timing.motion']);
  });
  it('finds entries by their detail text, after title matches', () => {
    expect(titles('vf')).toEqual(['View: Open Field']);
    expect(titles('con')).toEqual(['File: Open .con Script…', 'View: Open Console']);
    expect(titles('thread')).toEqual(['View: Open Timing', 'View: Open Module Graph']);
  });
  it('matches nothing for unknown words', () => {
    expect(titles('open nonsense')).toEqual([]);
  });
});
