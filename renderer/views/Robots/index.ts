/**
 * @file The Robots panel's entry for the view catalog.
 */
import { RobotsPanel } from './RobotsPanel';

export default RobotsPanel;
