/**
 * @file What the console showed, kept by the host: every line printed and every line run from the page, numbered,
 * bounded, emptied by `cls`. A page that connects (a reload, a second window, the page after a scene was opened)
 * starts from it, so a reload keeps the console's output and the start script's hints are there on first sight.
 */
import type { ConsoleOutput } from '../../ipc/messages';

/** Lines kept; older ones are dropped (a chatty robot with `msg on` prints for hours). */
export const MAX_TRANSCRIPT_LINES = 2000;

/** The console's numbered lines. */
export class ConsoleTranscript {
  private lines: ConsoleOutput[] = [];
  private nextSeq = 1;

  /** Numbers an output line and keeps it; returns it with its number. */
  printed(output: ConsoleOutput): ConsoleOutput {
    return this.keep({ ...output, seq: this.nextSeq++ });
  }

  /** Keeps a line run from the page (shown as a command). */
  ran(line: string): void {
    this.keep({ text: line, kind: 'command', seq: this.nextSeq++ });
  }

  /** `cls`: the lines so far are gone for every page. */
  clear(): void {
    this.lines = [];
  }

  /** The kept lines, oldest first. */
  snapshot(): readonly ConsoleOutput[] {
    return [...this.lines];
  }

  private keep(line: ConsoleOutput): ConsoleOutput {
    this.lines.push(line);
    if (this.lines.length > MAX_TRANSCRIPT_LINES) this.lines.splice(0, this.lines.length - MAX_TRANSCRIPT_LINES);
    return line;
  }
}
