/**
 * @file The main thread's side of a device read by a capture worker (a camera, a microphone): it starts the
 * worker once, turns what the worker reports into `report` events and stops it. The devices differ only in the
 * worker's module and data, what its messages report and what a failed worker means, which a subclass says.
 */
import { EventEmitter } from 'node:events';
import { startDeviceWorker, type DeviceWorker } from './deviceWorker';

/** Events of a device source: what its worker reports (`R`), in order. */
export interface DeviceSourceEvents<R> {
  report: [report: R];
}

/** One device read by a worker whose messages are `M` and whose reports are `R`. */
export abstract class DeviceSource<R, M> extends EventEmitter<DeviceSourceEvents<R>> {
  private worker: DeviceWorker | undefined;

  /**
   * `from` is the subclass's `import.meta.url` (the worker `workerName` is its sibling module); `stopTimeoutMs`
   * is how long `stop` waits for the worker to close the device before terminating it (the worker's default
   * when undefined).
   */
  protected constructor(
    private readonly from: string,
    private readonly workerName: string,
    private readonly stopTimeoutMs?: number,
  ) {
    super();
  }

  /** The worker's start data besides its stop flag: the device, its settings and the shared buffer. */
  protected abstract workerData(): object;

  /** What a worker message reports, or undefined for one the source's users do not hear of. */
  protected abstract reportOf(message: M): R | undefined;

  /** The report of a worker that failed. */
  protected abstract failure(error: Error): R;

  /** Starts capturing (once: a started source keeps its worker). */
  start(): void {
    this.worker ??= startDeviceWorker<M>(
      this.from,
      this.workerName,
      this.workerData(),
      (message) => {
        const report = this.reportOf(message);
        if (report !== undefined) this.emit('report', report);
      },
      (error) => this.emit('report', this.failure(error)),
    );
  }

  /** Stops the worker and waits for it. */
  async stop(): Promise<void> {
    await this.worker?.stop(this.stopTimeoutMs);
    this.worker = undefined;
  }
}
