/**
 * @file The Scene 3D view's entry for the view catalog.
 */
import { Scene3DView } from './Scene3DView';

export default Scene3DView;
