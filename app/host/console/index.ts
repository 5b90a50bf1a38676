/**
 * @file The console engine's public API: the global controller, robot consoles and the connection they talk
 * through, plus the stores the IDE's views read (drawings, plots, views) and the file access seam. Environment-neutral:
 * Node's file access (nodeFiles.ts) is imported by path where it is wanted.
 */
export { ConsoleController, type ConsoleControllerEvents, type ConsoleControllerOptions, type ControllerOutput } from './ConsoleController';
export { RobotConsole, debugRequestMessage, threadMessage, type RobotConsoleEvents, type RobotConsoleOptions } from './RobotConsole';
export { MemoryConnection, type ConnectionState, type RobotConnection } from './RobotConnection';
export { DebugLinkConnection } from './connections/DebugLinkConnection';
export { MemoryFiles, type ConsoleFiles } from './files';
export { tokenizeLine, CommandArgs, type Token, type TokenizedLine } from './tokenizer';
export { helpText, HELP_ENTRIES, type HelpEntry } from './help';
export { TypeInfoTypes } from './typeData';
export { RobotModel, DEBUG_THREAD, type DebugDataEntry, type ModuleTableState } from './state/RobotModel';
export { RequestTable, type KnownRequest } from './state/RequestTable';
export { DrawingStore, type DeclaredDrawing } from './state/DrawingStore';
export { PlotStore, PLOT_COLORS, parsePlotColor, defaultPlotDescription, type PlotView, type PlotLayer, type PlotSeries, type PlotColor } from './state/PlotStore';
export { ViewStore, PERMANENT_FIELD_DRAWINGS, type FieldView, type ImageView, type DrawingView } from './state/ViewStore';
export type { Prerequisite, PrerequisiteStatus } from './state/PollState';
export type { RobotCommand, CommandContext, CommandResult } from './commands/types';
export { CommandError, CommandSyntaxError } from './commands/types';
