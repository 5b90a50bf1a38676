/** One message of a message queue: a message id and its payload bytes (at most 2^24 - 1 bytes). */
export interface Message {
  id: number;
  payload: Uint8Array;
}
