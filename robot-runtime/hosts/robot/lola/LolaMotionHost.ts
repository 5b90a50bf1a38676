/**
 * @file The Motion thread's host on a NAO: each frame first hands the previous frame's JointRequest and LEDs to
 * the LoLA connection, then blocks until LoLA's next sensor packet arrives, so LoLA's 83.3 Hz cycle drives the
 * thread (B-Human's NaoProvider does the same). The simulated minimal world keeps running for the camera
 * threads, which have no real cameras here.
 */
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import { ACTUATOR_VECTOR_SIZE } from './ActuatorPacket';
import { defaultLeds, writeLeds } from './leds';
import { writeJointRequest, sensorFrame } from './jointMapping';
import { LinkState, LolaShared } from './LolaShared';
import { SENSOR_VECTOR_SIZE } from './SensorLayout';

/** The part of a thread's blackboard the host reads. */
export interface BlackboardView {
  get(name: string): unknown;
}

/** Longest wait for one packet before the frame runs on the previous data (ms). */
const WAIT_SLICE_MS = 100;

/** Produces Motion's injected data from LoLA. */
export class LolaMotionHost {
  private readonly shared: LolaShared;
  private readonly sensors = new Float64Array(SENSOR_VECTOR_SIZE);
  private readonly actuators = new Float32Array(ACTUATOR_VECTOR_SIZE);
  private seen: number;
  private lastTime = -1;
  private hasData = false;

  constructor(
    buffer: SharedArrayBuffer,
    /** The thread's clock (ms): the wall clock on a NAO, the cycle count against a simulator in lock-step. */
    private readonly now: () => number,
  ) {
    this.shared = new LolaShared(buffer);
    this.seen = this.shared.sensorSequence;
  }

  /**
   * One frame at thread time `timeMs`: sends, waits, reads. Returns undefined data fields only before the first
   * packet; when the link is gone it returns at once with the last data so the thread can notice the stop.
   */
  frame(timeMs: number, blackboard: BlackboardView): InjectedData {
    writeJointRequest(
      blackboard.get('JointRequest') as { angles: number[]; stiffnessData: { stiffnesses: number[] } } | undefined,
      this.sensors,
      this.actuators,
    );
    writeLeds(defaultLeds(this.hasData), timeMs, this.actuators);
    this.shared.writeActuators(this.actuators);

    let fresh = false;
    while (this.shared.linkState <= LinkState.up) {
      const sequence = this.shared.waitForSensors(this.seen, WAIT_SLICE_MS);
      if (sequence === this.seen) break; // silent LoLA: run on old data rather than hang
      this.seen = sequence;
      if (!(sequence & 1) && this.shared.linkState === LinkState.up) {
        this.shared.readSensors(this.sensors);
        fresh = true;
        break;
      }
    }
    this.hasData ||= fresh;
    // FrameInfo.time is the receive time on the thread's clock, strictly increasing (formats §9.1).
    const time = Math.max(this.lastTime + 1, Math.round(this.now()));
    this.lastTime = time;
    const values: Record<string, unknown> = { FrameInfo: { time } };
    if (this.hasData) Object.assign(values, sensorFrame(this.sensors, time));
    return { get: (name) => values[name] };
  }
}
