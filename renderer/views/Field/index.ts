/**
 * @file The Field view's entry for the view catalog.
 */
import { FieldView } from './FieldView';

export default FieldView;
