/**
 * @file The memory the LoLA connection (main thread, which owns the socket) shares with the Motion thread
 * (a worker in a synchronous loop): the newest sensor vector and the actuator vector to send, each behind a
 * sequence counter (odd while being written) that the other side waits on with Atomics.
 */
import { ACTUATOR_VECTOR_SIZE } from './ActuatorPacket';
import { SENSOR_VECTOR_SIZE } from './SensorLayout';

/** Control word indices. */
const SENSOR_SEQ = 0;
const LINK_STATE = 1;
const ACTUATOR_SEQ = 2;
const CONTROL_WORDS = 4;

/** Atomics.waitAsync's signature (ES2024). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeout?: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };

/** State of the LoLA link. */
export const LinkState = { connecting: 0, up: 1, lost: 2, closed: 3 } as const;
/** A LinkState value. */
export type LinkStateValue = (typeof LinkState)[keyof typeof LinkState];

/** Views on the shared buffer; construct one on each side from the same buffer. */
export class LolaShared {
  private readonly control: Int32Array;
  /** Sensor vector followed by the receive time (epoch ms). */
  private readonly sensors: Float64Array;
  private readonly actuators: Float32Array;

  constructor(readonly buffer: SharedArrayBuffer = LolaShared.allocate()) {
    this.control = new Int32Array(buffer, 0, CONTROL_WORDS);
    this.sensors = new Float64Array(buffer, CONTROL_WORDS * 4, SENSOR_VECTOR_SIZE + 1);
    this.actuators = new Float32Array(buffer, CONTROL_WORDS * 4 + (SENSOR_VECTOR_SIZE + 1) * 8, ACTUATOR_VECTOR_SIZE);
  }

  /** A buffer of the right size. */
  static allocate(): SharedArrayBuffer {
    return new SharedArrayBuffer(CONTROL_WORDS * 4 + (SENSOR_VECTOR_SIZE + 1) * 8 + ACTUATOR_VECTOR_SIZE * 4);
  }

  get linkState(): LinkStateValue {
    return Atomics.load(this.control, LINK_STATE) as LinkStateValue;
  }

  /** Sets the link state and wakes a Motion thread waiting for sensors. */
  setLinkState(state: LinkStateValue): void {
    Atomics.store(this.control, LINK_STATE, state);
    Atomics.add(this.control, SENSOR_SEQ, 2); // keeps the counter even: a wake-up, not new data being written
    Atomics.notify(this.control, SENSOR_SEQ);
  }

  /** Main thread: publishes a sensor vector received at `receiveEpochMs`. */
  writeSensors(values: Float64Array, receiveEpochMs: number): void {
    Atomics.add(this.control, SENSOR_SEQ, 1);
    this.sensors.set(values.subarray(0, SENSOR_VECTOR_SIZE));
    this.sensors[SENSOR_VECTOR_SIZE] = receiveEpochMs;
    Atomics.add(this.control, SENSOR_SEQ, 1);
    Atomics.notify(this.control, SENSOR_SEQ);
  }

  /** The sensor sequence counter (changes with every packet and every link state change). */
  get sensorSequence(): number {
    return Atomics.load(this.control, SENSOR_SEQ);
  }

  /** Motion thread: blocks until the sensor counter differs from `seen` or `timeoutMs` passes; returns the counter. */
  waitForSensors(seen: number, timeoutMs: number): number {
    Atomics.wait(this.control, SENSOR_SEQ, seen, timeoutMs);
    return Atomics.load(this.control, SENSOR_SEQ);
  }

  /** A consistent copy of the sensor vector into `out`; returns the receive time (epoch ms). */
  readSensors(out: Float64Array): number {
    for (;;) {
      const before = Atomics.load(this.control, SENSOR_SEQ);
      if (before & 1) continue;
      out.set(this.sensors.subarray(0, SENSOR_VECTOR_SIZE));
      const time = this.sensors[SENSOR_VECTOR_SIZE]!;
      if (Atomics.load(this.control, SENSOR_SEQ) === before) return time;
    }
  }

  /** Motion thread: publishes the actuator vector to send. */
  writeActuators(values: Float32Array): void {
    Atomics.add(this.control, ACTUATOR_SEQ, 1);
    this.actuators.set(values);
    Atomics.add(this.control, ACTUATOR_SEQ, 1);
    Atomics.notify(this.control, ACTUATOR_SEQ);
  }

  /** The actuator sequence counter. */
  get actuatorSequence(): number {
    return Atomics.load(this.control, ACTUATOR_SEQ);
  }

  /** Main thread: resolves when the actuator counter differs from `seen` (or after `timeoutMs`). */
  async waitForActuators(seen: number, timeoutMs: number): Promise<number> {
    // Atomics.waitAsync exists since Node 16; the ES2022 lib used here does not declare it yet.
    const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;
    const result = waitAsync(this.control, ACTUATOR_SEQ, seen, timeoutMs);
    if (result.async) await result.value;
    return Atomics.load(this.control, ACTUATOR_SEQ);
  }

  /** A consistent copy of the actuator vector into `out`. */
  readActuators(out: Float32Array): void {
    for (;;) {
      const before = Atomics.load(this.control, ACTUATOR_SEQ);
      if (before & 1) continue;
      out.set(this.actuators);
      if (Atomics.load(this.control, ACTUATOR_SEQ) === before) return;
    }
  }
}
