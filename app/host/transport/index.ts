export * from './DebugLinkClient';
export * from './connectWithRetry';
