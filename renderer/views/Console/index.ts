/**
 * @file The Console view's entry for the view catalog (loaded lazily: Monaco is only fetched when a console
 * opens).
 */
import { ConsoleView } from './ConsoleView';

export default ConsoleView;
