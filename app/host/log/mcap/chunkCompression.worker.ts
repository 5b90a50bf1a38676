/**
 * @file The thread behind chunkCompressorThread.ts: compresses MCAP chunks with zstd and computes their CRC while
 * the export fills the next chunk. Each export talks to it on a port of its own (so exports running at the same time
 * do not share replies); after each reply it bumps the export's signal, on which the export may be blocked.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import zlib from 'node:zlib';
import { compress, init } from '@bokuweb/zstd-wasm';
import type { ChunkJob, ChunkReply, CompressionPort } from './chunkCompressorThread';

function serve({ port, signal }: CompressionPort): void {
  port.on('message', ({ buffer, length, level }: ChunkJob) => {
    const records = new Uint8Array(buffer, 0, length);
    let reply: ChunkReply;
    try {
      const compressedData = compress(records, level);
      reply = { buffer, compressedData, uncompressedCrc: zlib.crc32(records) };
      port.postMessage(reply, [buffer, compressedData.buffer as ArrayBuffer]);
    } catch (error) {
      reply = { buffer, error: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply, [buffer]);
    }
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
}

// Ports that arrive before zstd is ready wait: a port queues its messages until it is listened to.
const ready = init();
parentPort!.on('message', (message: CompressionPort & { port: MessagePort }) => {
  void ready.then(
    () => serve(message),
    (error: unknown) => {
      message.port.postMessage({ buffer: new ArrayBuffer(0), error: `zstd did not start: ${String(error)}` });
      Atomics.add(message.signal, 0, 1);
      Atomics.notify(message.signal, 0);
    },
  );
});
