/**
 * @file One external robot: a simulated NAO whose program runs outside the simulator and reaches it through a
 * NAO's boundary (LoLA, two camera streams, its own loopback address for the GameController and team ports).
 * Holds the request its program sent last (a late packet keeps it, as LoLA does) and goes limp, as a NAO whose
 * program died, while no program drives it.
 */
import path from 'node:path';
import { JOINT_TO_LOLA, NUM_LOLA_JOINTS } from '@robot-runtime/hosts/robot/lola/lolaNames';
import { JOINT_OFF, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import type { RobotDefinition } from '../scene/SceneModel';
import { ImageStreamServer } from './imageStream';
import type { ActuatorValues } from './lolaActuatorMap';
import { LolaServer } from './LolaServer';

/** The robot's standard debug link port (the program serves it on the robot's address). */
export const DEBUG_LINK_PORT = 9999;

/** Where one external robot is reached. */
export interface ExternalEndpoints {
  /** The robot's loopback address (its program binds the GameController, team and debug link ports there). */
  address: string;
  /** LoLA's Unix socket. */
  lolaSocket: string;
  /** LoLA over TCP, on the robot's address. */
  lolaPort: number;
  /** Image stream ports (upper, lower), on the robot's address. */
  imagePorts: [number, number];
  /** The debug link port the program is expected to serve on its address. */
  debugPort: number;
}

/** The robot's loopback address: 127.<net>.<team + 1>.<player number>, unique in a scene. */
export function robotAddress(net: number, def: RobotDefinition): string {
  return `127.${net}.${def.team + 1}.${def.playerNumber}`;
}

/** One external robot. */
export class ExternalRobot {
  readonly lola: LolaServer;
  readonly cameras = [new ImageStreamServer(0), new ImageStreamServer(1)] as const;
  /** Angles (rad) and stiffness (percent) per Joints::Joint, as the motors get them. */
  readonly angles = new Array<number>(numOfJoints).fill(JOINT_OFF);
  readonly stiffnesses = new Array<number>(numOfJoints).fill(0);
  /** Stiffness (0..1) per LoLA joint, as the sensor map reports it. */
  readonly lolaStiffness = new Float32Array(NUM_LOLA_JOINTS);
  endpoints: ExternalEndpoints | undefined;
  /** Sensor maps sent since the program's last actuator map (0: it has answered the last one). */
  unanswered = 0;
  /** Actuator maps received and sensor maps sent over the current connection. */
  received = 0;
  sent = 0;
  /** Set while the program is connected but does not answer (reported once; the robot is limp). */
  silent = false;
  /** GameController return packets received from the program. */
  returnPackets = 0;

  constructor(
    readonly def: RobotDefinition,
    /** Its position among the scene's external robots. */
    readonly index: number,
    socketDir: string,
  ) {
    this.lola = new LolaServer(path.join(socketDir, def.name, 'robocup'));
  }

  get name(): string {
    return this.def.name;
  }

  /** Whether the robot's motors follow a program now. */
  get driven(): boolean {
    return this.lola.connected && !this.silent;
  }

  /** Binds LoLA and the image streams on `address` (ports 0: any free ones). */
  async listen(address: string, ports: { lola: number; images: [number, number] }): Promise<ExternalEndpoints> {
    const lolaPort = await this.lola.listen(address, ports.lola);
    const upper = await this.cameras[0].listen(address, ports.images[0]);
    const lower = await this.cameras[1].listen(address, ports.images[1]);
    this.endpoints = {
      address,
      lolaSocket: this.lola.socketPath,
      lolaPort,
      imagePorts: [upper, lower],
      debugPort: DEBUG_LINK_PORT,
    };
    return this.endpoints;
  }

  /** Takes an actuator map: the joints follow it from the next step. */
  apply(values: ActuatorValues): void {
    this.received++;
    this.unanswered = 0;
    if (values.position || values.stiffness) {
      const position = values.position;
      const stiffness = values.stiffness ?? this.lolaStiffness;
      for (let j = 0; j < numOfJoints; j++) {
        const l = JOINT_TO_LOLA[j]!;
        if (l < 0) continue; // waistYaw: no motor
        if (position) this.angles[j] = position[l]!;
        this.stiffnesses[j] = Math.max(0, Math.min(1, stiffness[l]!)) * 100;
      }
      if (values.stiffness) this.lolaStiffness.set(values.stiffness);
      // A joint that never got a position holds still without force rather than jumping to 0.
      for (let j = 0; j < numOfJoints; j++) if (this.angles[j] === JOINT_OFF) this.stiffnesses[j] = 0;
    }
  }

  /** Every joint without force, as on a NAO whose program stopped. */
  goLimp(): void {
    this.angles.fill(JOINT_OFF);
    this.stiffnesses.fill(0);
    this.lolaStiffness.fill(0);
  }

  /** Starts counting a new connection. */
  connectionStarted(): void {
    this.received = 0;
    this.sent = 0;
    this.unanswered = 0;
    this.silent = false;
  }

  /** Closes its servers. */
  async close(): Promise<void> {
    await Promise.all([this.lola.close(), ...this.cameras.map((c) => c.close())]);
  }
}
