import { connect, type OnReadOpts, type Socket } from 'node:net';

/** Options of connectWithRetry. */
export interface ConnectRetryOptions {
  /** Give up after this long in total; default 1000 ms, like the SimRobot console. */
  timeoutMs?: number;
  /** Pause between attempts; default 50 ms. */
  retryDelayMs?: number;
  /** Polled between attempts; returning true abandons the attempt (the user closed the console meanwhile). */
  cancelled?: () => boolean;
  /** Node's `onread` for every socket tried: reads go into the buffers it provides, instead of 'data' events. */
  onread?: OnReadOpts;
}

/** A connected socket, or why there is none. */
export type ConnectOutcome = { socket: Socket } | { socket?: undefined; error: string };

/**
 * Opens a TCP connection, retrying refused or failed attempts until the deadline: a robot that is still booting
 * (or a debug link restarting) starts listening a moment later. Never rejects.
 */
export async function connectWithRetry(
  host: string,
  port: number,
  options: ConnectRetryOptions = {},
): Promise<ConnectOutcome> {
  const deadline = Date.now() + (options.timeoutMs ?? 1000);
  const retryDelayMs = options.retryDelayMs ?? 50;
  let lastError = 'timed out';
  for (;;) {
    if (options.cancelled?.()) return { error: 'cancelled' };
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { error: lastError };
    const attempt = await connectOnce(host, port, remaining, options.onread);
    if (attempt.socket) return attempt;
    lastError = attempt.error;
    const pause = Math.min(retryDelayMs, deadline - Date.now());
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

function connectOnce(
  host: string,
  port: number,
  timeoutMs: number,
  onread: OnReadOpts | undefined,
): Promise<ConnectOutcome> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, noDelay: true, onread });
    const timer = setTimeout(() => finish({ error: 'timed out' }), timeoutMs);
    const onError = (error: Error) => finish({ error: error.message });
    function finish(outcome: ConnectOutcome): void {
      clearTimeout(timer);
      socket.off('error', onError);
      if (!outcome.socket) socket.destroy();
      resolve(outcome);
    }
    socket.once('error', onError);
    socket.once('connect', () => finish({ socket }));
  });
}
