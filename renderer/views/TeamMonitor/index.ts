/**
 * @file The team monitor view's entry for the view catalog.
 */
import { TeamMonitorView } from './TeamMonitorView';

export default TeamMonitorView;
