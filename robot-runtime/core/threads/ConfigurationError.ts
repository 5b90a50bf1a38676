/** @file The error thrown when a robot is started or reconfigured with a configuration that has problems. */

/** Carries every problem the module graph found, one per line in the message. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid thread configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigurationError';
  }
}
