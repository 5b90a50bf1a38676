/**
 * @file The Timing view's entry for the view catalog.
 */
import { TimingView } from './TimingView';

export default TimingView;
