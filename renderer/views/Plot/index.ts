/**
 * @file The Plot view's entry for the view catalog.
 */
import { PlotView } from './PlotView';

export default PlotView;
