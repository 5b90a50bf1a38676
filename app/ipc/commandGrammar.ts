/**
 * @file The argument grammar of a console command, as Tab completion reads it. The host declares one per command
 * (beside the command's usage and summary) and sends them with the completion names, so the renderer completes
 * every command from data instead of knowing the commands itself.
 */

/** Names the host gathers from the selected robot: each is a list in the CompletionSet. */
export type NameSet =
  | 'robots'
  // Debug requests in translated form (`representation:BallModel`).
  | 'debugRequests'
  // Keys of `debugData:` requests, without the prefix (what `get`/`set` take).
  | 'debugDataKeys'
  | 'representations'
  | 'modules'
  | 'threads'
  // Names of field drawings (what `vfd` takes).
  | 'fieldDrawings'
  // Names of image drawings (what `vid` takes).
  | 'imageDrawings'
  // Field view names (`vf`), image view names (`vi`) and plot view names (`vp`).
  | 'views'
  // Plot ids the robot announced (`plot:` requests without the prefix; what `vpd` takes).
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
