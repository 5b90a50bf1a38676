import type { ConfigPos } from './ConfigNode';

/**
 * A config map that cannot be parsed or written. `message` is the editor-clickable `file:row:col: reason`, so an
 * uncaught error still says where; `reason` is the bare text for callers that format positions themselves.
 */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly row: number,
    readonly col: number,
    readonly reason: string,
  ) {
    super(`${file}:${row}:${col}: ${reason}`);
    this.name = 'ConfigError';
  }

  /** Convenience for the common "at this node" case. */
  static at(file: string, pos: ConfigPos, reason: string): ConfigError {
    return new ConfigError(file, pos.row, pos.col, reason);
  }
}
