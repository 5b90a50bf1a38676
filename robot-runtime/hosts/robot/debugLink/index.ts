export * from './DebugLinkError';
export * from './DebugLinkServer';
export * from './Emitter';
export * from './writePacket';
