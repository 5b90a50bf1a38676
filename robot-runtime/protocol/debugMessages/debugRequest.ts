/**
 * idDebugRequest (`string name, bool enable`) lives with the debug-link messages; it is re-exported here so all
 * debug payload codecs can be imported from one place.
 */
export { decodeDebugRequest, encodeDebugRequest, type DebugRequest } from '../messages/DebugRequest';
