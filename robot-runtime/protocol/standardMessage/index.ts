/** @file The standard protobuf team message (NUbots proposal). */
export * from './StandardMessageCodec';
export { STANDARD_MESSAGE_PROTO } from './schema';
