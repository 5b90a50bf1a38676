/**
 * @file What a simulator command answers: done, a note to print, or a typed error. The console prints the error as
 * it always has (`Syntax Error: <usage>` for a malformed line, the message otherwise); a program that drives the
 * simulation (a test, the headless runner) branches on the code instead of on text.
 */

/** Why a simulator command failed. */
export type SimulationErrorCode =
  /** The words do not fit the command's usage (a wrong keyword, too many arguments). */
  | 'syntax'
  /** An argument the usage requires is not there. */
  | 'missingArgument'
  /** An argument that must be a number (in range) is not. */
  | 'badNumber'
  /** `mvo` names no body of the scene. */
  | 'unknownObject'
  /** A game state, penalty or referee feature the GameController does not know. */
  | 'unknownName'
  /** The word is no simulator command of this kind (a robot command run for the whole simulation, or vice versa). */
  | 'unknownCommand'
  /** The console's robot is no robot this simulation runs. */
  | 'notSimulated'
  /** The GameController refused the change in this game state. */
  | 'refused'
  /** There is no simulation (still loading, or the scene did not load). */
  | 'notLoaded'
  /** A file could not be written. */
  | 'writeFailed';

/** A failed simulator command. */
export interface SimulationCommandError {
  readonly kind: 'error';
  readonly code: SimulationErrorCode;
  /** What went wrong, for a person. */
  readonly message: string;
  /** The command's usage, for the codes that mean a malformed line. */
  readonly usage?: string;
}

/** The answer of a simulator command. */
export type SimulationCommandResult =
  | { readonly kind: 'done' }
  /** Done, with something to tell (`st off` changes nothing, `cal`'s findings). */
  | { readonly kind: 'note'; readonly text: string }
  | SimulationCommandError;

/** The answer of a command that did what it was asked. */
export const DONE: SimulationCommandResult = Object.freeze({ kind: 'done' });

/** Codes that mean the line is malformed (the console prints `Syntax Error: <usage>` for them, as SimRobot does). */
export const SYNTAX_ERROR_CODES: ReadonlySet<SimulationErrorCode> = new Set(['syntax', 'missingArgument', 'badNumber']);

/** Thrown inside a command while it reads its arguments; the command runner returns it as the result. */
export class SimulationCommandFailure extends Error {
  constructor(readonly error: SimulationCommandError) {
    super(error.message);
    this.name = 'SimulationCommandFailure';
  }
}

/** Fails the running command with `code`. */
export function fail(code: SimulationErrorCode, message: string, usage?: string): never {
  throw new SimulationCommandFailure({ kind: 'error', code, message, ...(usage === undefined ? {} : { usage }) });
}

/** A result as the console prints it: the note, `Syntax Error: <usage>` or the error's message; empty when done. */
export function resultText(result: SimulationCommandResult): string {
  if (result.kind === 'note') return result.text;
  if (result.kind === 'done') return '';
  return SYNTAX_ERROR_CODES.has(result.code) && result.usage ? `Syntax Error: ${result.usage}` : result.message;
}
