/**
 * @file The log player view's entry for the view catalog.
 */
import { LogPlayerView } from './LogPlayerView';

export default LogPlayerView;
