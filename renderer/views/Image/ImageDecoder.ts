/**
 * @file The main thread's side of the decoding worker: one worker per image view, one image in flight at a time
 * (the view asks for the next image only after the previous one is painted, which also paces the host).
 */
import type { ImagePixelFormat } from '@app/ipc/simulation';

/** Message to the worker. */
export interface DecodeRequest {
  readonly id: number;
  readonly format: ImagePixelFormat;
  readonly width: number;
  readonly height: number;
  /** The pixels (transferred to the worker: the caller gives them up). */
  readonly data: Uint8Array;
}

/** Message from the worker. */
export interface DecodeResult {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly rgba?: ArrayBuffer;
  readonly raw?: ArrayBuffer;
  readonly error?: string;
}

/** A decoded image. */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray<ArrayBuffer>;
  readonly raw: Uint8Array;
}

/** Decodes images in a worker. */
export class ImageDecoder {
  private readonly worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
  private readonly pending = new Map<number, { resolve(image: DecodedImage): void; reject(error: Error): void }>();
  private nextId = 1;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<DecodeResult>) => {
      const r = event.data;
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (r.rgba && r.raw)
        p.resolve({
          width: r.width,
          height: r.height,
          rgba: new Uint8ClampedArray(r.rgba),
          raw: new Uint8Array(r.raw),
        });
      else p.reject(new Error(r.error ?? 'decoding failed'));
    };
  }

  /** Decodes one image. */
  decode(request: Omit<DecodeRequest, 'id'>): Promise<DecodedImage> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies DecodeRequest, [request.data.buffer]);
    });
  }

  /** Stops the worker. */
  dispose(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('decoder closed'));
    this.pending.clear();
  }
}
