/**
 * @file The argument grammar of a console command, as Tab completion reads it. The host declares one per command
 * (beside the command's usage and summary) and sends them with the completion names, so the renderer completes
 * every command from data instead of knowing the commands itself.
 */

/** Names the host gathers from the selected robot (the keys of CompletionSet's name lists). */
export type NameSet =
  | 'robots'
  | 'debugRequests'
  | 'debugDataKeys'
  | 'representations'
  | 'modules'
  | 'threads'
  | 'fieldDrawings'
  | 'imageDrawings'
  | 'views'
  | 'plots';

/** A fixed word (`on`, `playing`) or every name of a set. */
export type ArgumentValue = string | { readonly names: NameSet };

/** What each argument of a command may be. */
export interface ArgumentGrammar {
  /** The values of each argument position, the first argument first. */
  readonly args?: readonly (readonly ArgumentValue[])[];
  /** Whether the last position repeats (`ar {<feature>} on | off`). */
  readonly repeat?: boolean;
  /** Sub-commands: a first argument that is a key here chooses the grammar of the arguments after it. */
  readonly sub?: Readonly<Record<string, ArgumentGrammar>>;
}
