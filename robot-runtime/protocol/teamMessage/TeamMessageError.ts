/**
 * A team message definition that cannot be parsed or compiled, or a packet that cannot be decoded. Decoders throw
 * only this, so a receiver can count bad packets without catching programming errors by accident.
 */
export class TeamMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TeamMessageError';
  }
}
