/** Encoders and decoders of the debug infrastructure payloads (formats §2.3, §3.6, §5), plus request-name helpers. */
export * from './annotation';
export * from './debugData';
export * from './debugImage';
export * from './debugRequest';
export * from './debugResponse';
export * from './drawing2d';
export * from './drawing3d';
export * from './drawingManager';
export * from './drawingStyles';
export * from './moduleRequest';
export * from './moduleTable';
export * from './plot';
export * from './requestNames';
export * from './robotName';
export * from './stopwatch';
export * from './textItems';
export * from './textMessage';
