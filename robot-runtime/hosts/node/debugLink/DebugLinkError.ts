/** What went wrong on a debug link. */
export type DebugLinkErrorKind =
  /** The length prefixes no longer make sense (random bytes, absurd size): the connection is closed. */
  | 'framing'
  /** A well-framed packet that is not a valid queue: the packet is dropped, the connection kept. */
  | 'malformedQueue'
  /** An outgoing queue was refused (malformed, too large) or older ones were dropped to make room. */
  | 'outgoing'
  /** The socket or the listening server reported an error. */
  | 'socket'
  /** The handshake failed or did not arrive in time. */
  | 'handshake'
  /** An event listener threw; the link itself is unaffected. */
  | 'listener';

/** An error event of a debug-link endpoint. Errors are reported, never thrown out of socket handlers. */
export interface DebugLinkError {
  kind: DebugLinkErrorKind;
  message: string;
  /** Byte offset in the connection's stream or in the packet, where the input was malformed. */
  offset?: number;
  /** host:port of the peer, when there is one. */
  peer?: string;
}
