/**
 * @file The Module Graph view's entry for the view catalog.
 */
import { ModuleGraphView } from './ModuleGraphView';

export default ModuleGraphView;
