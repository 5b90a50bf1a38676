/**
 * @file The Test Runs view's entry for the view catalog.
 */
import { TestRunsView } from './TestRunsView';

export default TestRunsView;
