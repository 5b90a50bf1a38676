/**
 * @file The annotation view's entry for the view catalog.
 */
import { AnnotationsView } from './AnnotationsView';

export default AnnotationsView;
