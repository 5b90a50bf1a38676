import { StreamError } from '../../binary';
import { MAX_RECEIVE_PACKET_SIZE, PACKET_HEADER_SIZE } from './packets';

/**
 * Splits a byte stream (TCP chunks of any size) into length-prefixed packets. Data is collected as it arrives and
 * joined only when a packet is complete, so a lying size field cannot make it allocate ahead of the data. A size
 * below 0 or above the limit means the stream cannot be re-synchronised: the decoder reports it and then ignores
 * all further input (the caller should close the connection).
 */
export class PacketDecoder {
  /** Total bytes consumed so far; error offsets are positions in the whole stream. */
  private streamOffset = 0;
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  /** Payload size of the packet being collected, or -1 while its size field is incomplete. */
  private expected = -1;
  private failed: StreamError | undefined;

  constructor(readonly maxPacketSize = MAX_RECEIVE_PACKET_SIZE) {}

  /** The framing error that stopped the decoder, if any. */
  get error(): StreamError | undefined {
    return this.failed;
  }

  /**
   * Consumes `chunk` and calls `onPacket` for every complete packet (an empty payload is a heartbeat). Payloads
   * may be views into the chunks given. `onPacketStart` is told each packet's size as soon as its header is read
   * (the console uses it to acknowledge early, so the robot's next packet overlaps with this one's transfer).
   * Returns the framing error if the stream became unreadable.
   */
  push(chunk: Uint8Array, onPacket: (payload: Uint8Array) => void, onPacketStart?: (size: number) => void): StreamError | undefined {
    if (this.failed) return this.failed;
    let data = chunk;
    while (data.length > 0) {
      if (this.expected < 0) {
        const need = PACKET_HEADER_SIZE - this.buffered;
        if (data.length < need) return this.keep(data);
        const header = this.buffered === 0 ? data.subarray(0, PACKET_HEADER_SIZE) : this.join(data.subarray(0, need));
        data = data.subarray(need);
        const size = new DataView(header.buffer, header.byteOffset, PACKET_HEADER_SIZE).getInt32(0, true);
        if (size < 0 || size > this.maxPacketSize) {
          this.failed = new StreamError(`packet size ${size} outside 0..${this.maxPacketSize}`, this.streamOffset);
          return this.failed;
        }
        this.streamOffset += PACKET_HEADER_SIZE;
        this.expected = size;
        this.chunks = [];
        this.buffered = 0;
        onPacketStart?.(size);
      }
      const need = this.expected - this.buffered;
      if (data.length < need) return this.keep(data);
      const payload = this.buffered === 0 ? data.subarray(0, need) : this.join(data.subarray(0, need));
      data = data.subarray(need);
      this.streamOffset += this.expected;
      this.expected = -1;
      this.chunks = [];
      this.buffered = 0;
      onPacket(payload);
    }
    return undefined;
  }

  private keep(data: Uint8Array): undefined {
    if (data.length > 0) {
      this.chunks.push(data);
      this.buffered += data.length;
    }
    return undefined;
  }

  /** The collected chunks plus `tail` as one array. */
  private join(tail: Uint8Array): Uint8Array {
    const joined = new Uint8Array(this.buffered + tail.length);
    let offset = 0;
    for (const c of this.chunks) {
      joined.set(c, offset);
      offset += c.length;
    }
    joined.set(tail, offset);
    return joined;
  }
}
