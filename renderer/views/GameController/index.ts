/**
 * @file The GameController panel's entry for the view catalog.
 */
import { GameControllerPanel } from './GameControllerPanel';

export default GameControllerPanel;
