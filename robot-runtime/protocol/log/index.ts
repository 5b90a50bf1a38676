/** B-Human log files (facts §3): chunks, frame index, header, reading frames lazily, writing. */
export * from './chunks';
export * from './ByteSource';
export * from './settingsChunk';
export * from './messageIdsChunk';
export * from './fileName';
export * from './logIndex';
export * from './IndexBuilder';
export * from './scanFrames';
export * from './logHeader';
export * from './compressed';
export * from './openLog';
export * from './readFrame';
export * from './writeLog';
