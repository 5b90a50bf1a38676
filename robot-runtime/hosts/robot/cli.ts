/**
 * @file The standalone robot's command line, shared by `npm run robot` (main.ts) and the bundle deployed to a
 * NAO, which passes where its registry, worker entry and config live.
 */
import fs from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { numberOption, parseCommandLine, runCommandAndExit, UsageError } from './commandLine';
import { parseRobotsCfg } from './lola/robotIdentity';
import { DEFAULT_CONFIG_ROOT, StandaloneRobot, type StandaloneRobotOptions } from './StandaloneRobot';

const usage =
  'usage: robot [--address 127.0.0.1] [--port 9999] [--robot NAME] [--player N] [--config <config dir>] [--seed N]\n' +
  '             [--lola /tmp/robocup [--lola-clock]] [--network [--bind A] [--team-to A[,A…]]]\n' +
  '             [--camera-stream HOST:UPPER,LOWER] [--camera /dev/videoU[,/dev/videoL]] [--microphone PCM]\n' +
  '  --address A  where the debug link listens (unauthenticated, as in B-Human): default 127.0.0.1 on a PC,\n' +
  '               0.0.0.0 (every interface) with --lola, where the IDE connects over the network\n' +
  "  --player N   player number 1..20 instead of settings.cfg's\n" +
  '  --lola PATH  run on a NAO: LoLA on the Unix socket PATH drives Motion, names come from robots.cfg\n' +
  '  --lola-clock time counts LoLA cycles (12 ms each), not the wall clock: for a simulator in lock-step\n' +
  '  --network    team communication (UDP broadcast, port 10000 + team) and GameController (3838/3939)\n' +
  '  --bind A     the address the team and GameController sockets bind (default every interface); several\n' +
  '               robots on one PC each bind their own loopback address (127.0.0.2, 127.0.0.3, …)\n' +
  '  --team-to L  where team messages go instead of 255.255.255.255: a broadcast address or a comma-separated\n' +
  '               list of unicast addresses (each message to each); a robot bound with --bind receives\n' +
  "               unicast only, so on one PC list every robot's address (its own is skipped on arrival)\n" +
  "  --camera-stream HOST:UPPER,LOWER  camera images from a simulator's image streams (an external robot)\n" +
  '  --camera D[,D] the upper (and lower) camera as V4L2 devices (on a NAO /dev/video-top,/dev/video-bottom);\n' +
  '               size and controls from cameraResolution.cfg and cameraSettings.cfg on the search path\n' +
  "  --microphone P the ALSA capture device the Audio thread hears (a NAO's is 'default')";

/**
 * Where the debug link listens. The link has no authentication (B-Human's protocol, which teams connect with), so a
 * robot run on a PC only listens on loopback unless told otherwise; on a NAO (`--lola`) the IDE connects over the
 * network, so it listens on every interface.
 */
export function debugLinkAddress(address: string | undefined, lola: string | undefined): string {
  return address ?? (lola === undefined ? '127.0.0.1' : '0.0.0.0');
}

const OPTIONS = {
  address: { type: 'string' },
  port: { type: 'string' },
  robot: { type: 'string' },
  config: { type: 'string' },
  seed: { type: 'string' },
  lola: { type: 'string' },
  'lola-clock': { type: 'boolean' },
  network: { type: 'boolean' },
  bind: { type: 'string' },
  'camera-stream': { type: 'string' },
  camera: { type: 'string' },
  microphone: { type: 'string' },
  'team-to': { type: 'string' },
  player: { type: 'string' },
} as const;

/**
 * The network options of `--network [--bind A] [--team-to L]`: undefined without --network (then --bind and
 * --team-to are refused), true for the production defaults. Throws UsageError for addresses that are not IPv4.
 */
export function networkOptions(values: {
  network?: boolean;
  bind?: string;
  'team-to'?: string;
}): StandaloneRobotOptions['network'] {
  const bind = values.bind;
  const teamTo = values['team-to'];
  if (!values.network) {
    if (bind !== undefined || teamTo !== undefined) throw new UsageError('--bind and --team-to need --network');
    return undefined;
  }
  if (bind !== undefined && !isIPv4(bind)) throw new UsageError(`--bind: '${bind}' is not an IPv4 address`);
  const destinations = teamTo?.split(',').map((a) => a.trim());
  const bad = destinations?.find((a) => !isIPv4(a));
  if (bad !== undefined) throw new UsageError(`--team-to: '${bad}' is not an IPv4 address`);
  if (bind === undefined && destinations === undefined) return true;
  return {
    ...(bind !== undefined ? { bindAddress: bind } : {}),
    ...(destinations !== undefined ? { teamDestination: destinations } : {}),
  };
}

/** `--lola-clock` → the robot's clock; it needs `--lola`. */
export function lolaClock(values: { lola?: string; 'lola-clock'?: boolean }): StandaloneRobotOptions['clock'] {
  if (!values['lola-clock']) return undefined;
  if (values.lola === undefined) throw new UsageError('--lola-clock needs --lola');
  return 'lola';
}

/** `--camera-stream host:upper,lower` → where the image streams are. */
export function parseCameraStream(value: string): { host: string; ports: [number, number] } {
  const m = /^([^:]+):(\d+),(\d+)$/.exec(value);
  const ports = m ? [Number(m[2]), Number(m[3])] : [];
  if (!m || ports.some((p) => p < 1 || p > 65535))
    throw new UsageError(`--camera-stream: '${value}' is not HOST:UPPERPORT,LOWERPORT`);
  return { host: m[1]!, ports: ports as [number, number] };
}

/** `--camera upper[,lower]` → the device paths (at most two, not together with --camera-stream). */
export function cameraDevices(value: string | undefined, stream: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (stream !== undefined) throw new UsageError('--camera and --camera-stream exclude each other');
  const devices = value.split(',').map((d) => d.trim());
  if (devices.length > 2 || devices.some((d) => d === ''))
    throw new UsageError(`--camera: '${value}' is not UPPER[,LOWER] (one or two device paths)`);
  return devices;
}

/** Robot names the configuration knows: robots.cfg's entries and the folders under Robots/. */
export function knownRobotNames(configRoot: string): string[] {
  const robotsDir = path.join(configRoot, 'Robots');
  const folders = fs.existsSync(robotsDir)
    ? fs
        .readdirSync(robotsDir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
  const cfg = path.join(robotsDir, 'robots.cfg');
  const listed = fs.existsSync(cfg) ? parseRobotsCfg(fs.readFileSync(cfg, 'utf8')).robots.map((r) => r.name) : [];
  return [...new Set([...listed, ...folders])];
}

/** Runs the robot until SIGINT/SIGTERM, the chest button, or the loss of LoLA; `overrides` fix bundle paths. */
export function runRobotCli(argv: string[], overrides: Partial<StandaloneRobotOptions> = {}): void {
  runCommandAndExit(usage, () => startRobot(argv, overrides));
}

async function startRobot(argv: string[], overrides: Partial<StandaloneRobotOptions>): Promise<void> {
  const { values } = parseCommandLine(argv, { options: OPTIONS });
  const port = numberOption('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535) ?? 9999;
  const seed = numberOption('seed', values.seed, Number.isInteger);
  const configRoot = values.config ?? overrides.configRoot ?? DEFAULT_CONFIG_ROOT;
  if (values.robot !== undefined) {
    const known = knownRobotNames(configRoot);
    if (!known.includes(values.robot))
      throw new UsageError(`--robot: unknown robot '${values.robot}' (known: ${known.join(', ') || 'none'})`);
  }
  const playerNumber = numberOption('player', values.player, (n) => Number.isInteger(n) && n >= 1 && n <= 20);
  const network = networkOptions(values);
  const robot = await StandaloneRobot.start({
    ...overrides,
    address: debugLinkAddress(values.address, values.lola),
    port,
    robotName: values.robot,
    playerNumber,
    configRoot: values.config ?? overrides.configRoot,
    seed,
    lola: values.lola,
    clock: lolaClock(values),
    network,
    cameraStream: values['camera-stream'] === undefined ? undefined : parseCameraStream(values['camera-stream']),
    cameraDevices: cameraDevices(values.camera, values['camera-stream']),
    microphone: values.microphone,
  });
  const names = robot.robotNames;
  console.log(
    `robot ${names.headName}/${names.bodyName} running threads ${robot.threads.join(', ')}; debug link on ${debugLinkAddress(values.address, values.lola)}:${robot.port}${values.lola ? `; LoLA at ${values.lola}` : ''}`,
  );
  const net = robot.network;
  if (net)
    console.log(
      `network: team ${robot.settings.teamNumber} player ${robot.settings.playerNumber} on ` +
        `${net.team.address}:${net.team.port}, team messages to ${net.team.destinationAddresses.join(', ')}; ` +
        `GameController on ${net.team.address}:${net.gameController.port}`,
    );
  let stopping = false;
  const shutdown = (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`stopping: ${why}`);
    void robot.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Without LoLA the robot cannot move safely: stop cleanly and let the supervisor decide (formats §9).
  robot.lola?.on('lost', (reason) => shutdown(`LoLA link lost (${reason})`));
  // The chest button held long enough is the robot's off switch (B-Human raises SIGINT).
  robot.lola?.on('chestButton', () => process.kill(process.pid, 'SIGINT'));
}
