/**
 * @file The Data view's entry for the view catalog.
 */
import { DataView } from './DataView';

export default DataView;
