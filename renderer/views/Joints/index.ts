/**
 * @file The Joints view's entry for the view catalog.
 */
import { JointsView } from './JointsView';

export default JointsView;
