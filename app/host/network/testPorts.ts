/** @file Free UDP ports on loopback for tests (bound and released; a tiny race is acceptable in tests). */
import dgram from 'node:dgram';

/** `n` distinct free UDP ports on 127.0.0.1. */
export async function freeUdpPorts(n: number): Promise<number[]> {
  const sockets = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<dgram.Socket>((resolve) => {
          const s = dgram.createSocket('udp4');
          s.bind(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = sockets.map((s) => s.address().port);
  await Promise.all(sockets.map((s) => new Promise<void>((r) => s.close(() => r()))));
  return ports;
}
