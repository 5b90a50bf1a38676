import { describe, expect, it } from 'vitest';
import { ConsoleTranscript, MAX_TRANSCRIPT_LINES } from './ConsoleTranscript';

describe('ConsoleTranscript', () => {
  it('keeps the latest lines only, numbered without gaps', () => {
    const t = new ConsoleTranscript();
    for (let i = 0; i < MAX_TRANSCRIPT_LINES + 5; i++) t.printed({ text: `line ${i}` });
    const lines = t.snapshot();
    expect(lines).toHaveLength(MAX_TRANSCRIPT_LINES);
    expect(lines[0]).toEqual({ text: 'line 5', seq: 6 });
    expect(lines.at(-1)).toEqual({ text: `line ${MAX_TRANSCRIPT_LINES + 4}`, seq: MAX_TRANSCRIPT_LINES + 5 });
  });
});
