// The only host globals the environment-neutral runtime may use: they exist identically in Node, browsers
// and workers. Declared here (not via DOM or Node types) so that anything else fails to type-check.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
