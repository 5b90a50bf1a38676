/**
 * @file The Image view's entry for the view catalog.
 */
import { ImageView } from './ImageView';

export default ImageView;
