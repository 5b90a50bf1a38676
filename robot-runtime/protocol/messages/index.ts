export * from './MessageIDs';
export * from './messageIdRemap';
export * from './DebugRequest';
export * from './debugLink';
