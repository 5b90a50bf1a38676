export * from './InBinary';
export * from './OutBinary';
export * from './StreamError';
