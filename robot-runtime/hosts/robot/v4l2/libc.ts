/**
 * @file The few C library calls a V4L2 camera needs (open, close, ioctl, mmap, munmap, poll, clock_gettime), made
 * through koffi, whose prebuilt binaries come inside its npm package: nothing is compiled on the robot. Structs
 * travel as Buffers that the caller lays out (v4l2Structs.ts); failures come back as errors naming the call and
 * the C library's message, so a camera reports what the kernel said.
 */
import koffi from 'koffi';

const lib = koffi.load('libc.so.6');

/** open(2) flags and poll(2) events on Linux x86-64 and arm64 (the same numbers on both). */
export const O_RDWR = 0o2;
export const O_NONBLOCK = 0o4000;
export const O_CLOEXEC = 0o2000000;
export const POLLIN = 0x1;
export const POLLPRI = 0x2;
export const POLLERR = 0x8;
export const POLLHUP = 0x10;
const PROT_READ = 0x1;
const PROT_WRITE = 0x2;
const MAP_SHARED = 0x1;
const CLOCK_MONOTONIC = 1;
/** errno values the camera tells apart. */
export const EINTR = 4;
export const EAGAIN = 11;
export const ENODEV = 19;
export const EINVAL = 22;

const cOpen = lib.func('int open(const char *path, int flags)');
const cClose = lib.func('int close(int fd)');
const cIoctl = lib.func('int ioctl(int fd, unsigned long request, void *arg)');
const cMmap = lib.func('void *mmap(void *addr, size_t length, int prot, int flags, int fd, int64_t offset)');
const cMunmap = lib.func('int munmap(void *addr, size_t length)');
const cPoll = lib.func('int poll(void *fds, unsigned long nfds, int timeout)');
const cClockGettime = lib.func('int clock_gettime(int clock, void *ts)');
const cStrerror = lib.func('const char *strerror(int errnum)');

/** A failed call: `errno` is the C library's error number. */
export class SystemCallError extends Error {
  constructor(
    readonly call: string,
    readonly errno: number,
  ) {
    super(`${call}: ${cStrerror(errno) as string} (errno ${errno})`);
  }
}

function check(call: string, result: number): number {
  if (result < 0) throw new SystemCallError(call, koffi.errno());
  return result;
}

/** Opens a device file; throws SystemCallError. */
export function openDevice(path: string, flags = O_RDWR | O_NONBLOCK | O_CLOEXEC): number {
  return check(`open ${path}`, cOpen(path, flags) as number);
}

/** Closes a file descriptor (errors are ignored: the descriptor is gone either way). */
export function closeDevice(fd: number): void {
  cClose(fd);
}

/** ioctl with a struct laid out in `arg`, which the kernel may fill in; throws SystemCallError. */
export function ioctl(fd: number, request: number, arg: Buffer | null, name = `ioctl 0x${request.toString(16)}`): void {
  check(name, cIoctl(fd, request, arg) as number);
}

/** ioctl that reports failure by errno instead of throwing (0 on success); for calls whose failure is expected. */
export function tryIoctl(fd: number, request: number, arg: Buffer | null): number {
  return (cIoctl(fd, request, arg) as number) < 0 ? koffi.errno() : 0;
}

/** A shared, readable and writable mapping of `length` bytes of `fd` at `offset`. */
export interface Mapping {
  readonly address: unknown;
  readonly length: number;
  /** The mapped bytes, without copying. */
  readonly bytes: Uint8Array;
}

/** mmap(2) of a device's buffer; throws SystemCallError. */
export function mapShared(fd: number, length: number, offset: number): Mapping {
  const address = cMmap(null, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
  // MAP_FAILED is (void *)-1.
  if (address === null || koffi.address(address) === 0xffffffffffffffffn)
    throw new SystemCallError('mmap', koffi.errno());
  return { address, length, bytes: new Uint8Array(koffi.view(address, length)) };
}

/** Unmaps what mapShared mapped. */
export function unmap(mapping: Mapping): void {
  cMunmap(mapping.address, mapping.length);
}

/**
 * Waits up to `timeoutMs` for `events` on `fd`; returns the events that occurred (0 on timeout). Blocks the
 * calling thread, which is why cameras capture in workers of their own.
 */
export function pollOne(fd: number, events: number, timeoutMs: number): number {
  const pollfd = Buffer.alloc(8);
  pollfd.writeInt32LE(fd, 0);
  pollfd.writeInt16LE(events, 4);
  const n = cPoll(pollfd, 1, timeoutMs) as number;
  if (n < 0) {
    const errno = koffi.errno();
    if (errno === EINTR) return 0;
    throw new SystemCallError('poll', errno);
  }
  return n === 0 ? 0 : pollfd.readInt16LE(6);
}

/** CLOCK_MONOTONIC in microseconds: the clock V4L2 drivers stamp their buffers with. */
export function monotonicMicroseconds(): number {
  const ts = Buffer.alloc(16);
  check('clock_gettime', cClockGettime(CLOCK_MONOTONIC, ts) as number);
  return Number(ts.readBigInt64LE(0)) * 1e6 + Number(ts.readBigInt64LE(8)) / 1e3;
}
