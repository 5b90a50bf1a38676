/** The runtime's debugging: the module-facing DebugContext, the framework-facing FrameDebugger and its implementation. */
export * from './DebugContext';
export * from './FrameDebugger';
export * from './ThreadDebugger';
export * from './DebugRequestTable';
export * from './DrawingManager';
export * from './StopwatchTable';
