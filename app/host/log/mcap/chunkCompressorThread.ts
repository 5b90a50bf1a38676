/**
 * @file MCAP chunks compressed on a thread of their own (chunkCompression.worker.ts), so that zstd and the chunk
 * CRC (about a quarter of an image-heavy export) run while the export fills the next chunk. The chunk's buffer is
 * transferred, not copied, and comes back with the result. The writer needs a result synchronously (it writes the
 * chunk before going on): `next` blocks on a shared signal and takes the reply from the port without the event
 * loop. One worker serves every export of the process and does not keep the process alive.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { spawnWorker } from '@robot-runtime/hosts/robot/workers/spawnTsWorker';
import type { ChunkCompressor, CompressedChunk } from './McapFileWriter';

/** A chunk to compress: the first `length` bytes of `buffer`, at zstd `level`. */
export interface ChunkJob {
  buffer: ArrayBuffer;
  length: number;
  level: number;
}

/** The worker's answer to a job: the buffer back, and the compressed records and their CRC, or why not. */
export type ChunkReply =
  { buffer: ArrayBuffer; compressedData: Uint8Array; uncompressedCrc: number } | { buffer: ArrayBuffer; error: string };

/** What an export hands the worker: its own port, and the signal the worker bumps after each reply. */
export interface CompressionPort {
  port: MessagePort;
  signal: Int32Array;
}

/** How long `next` waits for one chunk (a 4 MB chunk takes a few milliseconds; the worker starts in well under 1 s). */
const REPLY_TIMEOUT_MS = 30_000;

let shared: Worker | undefined;
function compressionWorker(): Worker {
  if (!shared) {
    const worker = spawnWorker(new URL('./chunkCompression.worker.ts', import.meta.url));
    worker.unref();
    // A worker that failed is replaced for the next export (this one's `next` reports the missing reply).
    const forget = () => {
      if (shared === worker) shared = undefined;
    };
    worker.on('error', forget);
    worker.on('exit', forget);
    shared = worker;
  }
  return shared;
}

/** zstd chunk compression on the shared compression thread, for one MCAP writer. */
export class ChunkCompressorThread implements ChunkCompressor {
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private inFlight = 0;

  constructor(private readonly level: number) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const handOver: CompressionPort = { port: port2, signal: this.signal };
    compressionWorker().postMessage(handOver, [port2]);
  }

  submit(records: Uint8Array): void {
    if (records.byteOffset !== 0) throw new Error('MCAP: a chunk must start its buffer to be handed over');
    const job: ChunkJob = { buffer: records.buffer as ArrayBuffer, length: records.length, level: this.level };
    this.port.postMessage(job, [job.buffer]);
    this.inFlight++;
  }

  next(): CompressedChunk {
    if (this.inFlight === 0) throw new Error('MCAP: no chunk submitted');
    const deadline = performance.now() + REPLY_TIMEOUT_MS;
    for (;;) {
      // Read the signal before looking at the port: a reply that lands in between changes it, so the wait returns.
      const seen = Atomics.load(this.signal, 0);
      const received = receiveMessageOnPort(this.port);
      if (received) {
        this.inFlight--;
        const reply = received.message as ChunkReply;
        if ('error' in reply) throw new Error(`MCAP chunk compression failed: ${reply.error}`);
        return { compression: 'zstd', ...reply };
      }
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`MCAP: the chunk compression thread did not answer within ${REPLY_TIMEOUT_MS} ms`);
      Atomics.wait(this.signal, 0, seen, Math.min(left, 100));
    }
  }

  /** Lets the worker forget this export. */
  close(): void {
    this.port.close();
  }
}
