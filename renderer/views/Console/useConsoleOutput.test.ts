import { describe, expect, it } from 'vitest';
import { mergeTranscript, type OutputLine } from './useConsoleOutput';

describe('mergeTranscript', () => {
  it("puts the host's kept lines after the page's hints and doubles no line that also arrived live", () => {
    const page: OutputLine[] = [
      { id: -1, text: 'Pitchside console.', local: 'hint' },
      { id: -2, text: 'printed meanwhile', seq: 4 },
      { id: -3, text: 'printed later', seq: 5 },
    ];
    const merged = mergeTranscript(page, 1, [
      { text: 'gc ready', kind: 'command', seq: 2 },
      { text: 'Game: gc ready / gc set / gc playing to start', seq: 3 },
      { text: 'printed meanwhile', seq: 4 },
    ]);
    expect(merged.map((l) => [l.text, l.local])).toEqual([
      ['Pitchside console.', 'hint'],
      ['gc ready', 'command'],
      ['Game: gc ready / gc set / gc playing to start', undefined],
      ['printed meanwhile', undefined],
      ['printed later', undefined],
    ]);
    expect(new Set(merged.map((l) => l.id)).size).toBe(merged.length);
  });
});
