/**
 * @file The robot under soak: a standalone robot (worker threads, as `npm run robot` runs it) whose debug link,
 * team port and GameController port listen on loopback only, at ports the OS picks. It prints one line
 * `SOAK {"debug":…,"team":…,"gameController":…}` once it runs, and stops on SIGTERM.
 */
import { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';

const returnPort = Number(process.argv[2] ?? 0);
const robot = await StandaloneRobot.start({
  address: '127.0.0.1',
  port: 0,
  log: () => {}, // hostile input is reported on every packet; the soak measures, it does not read logs
  network: {
    bindAddress: '127.0.0.1',
    teamDestination: '127.0.0.1',
    teamPort: 0,
    gameControllerPort: 0,
    returnPort: returnPort || undefined,
  },
});
const network = robot.network!;
process.stdout.write(
  `SOAK ${JSON.stringify({ debug: robot.port, team: network.team.port, gameController: network.gameController.port })}\n`,
);
process.on('SIGTERM', () => void robot.stop().then(() => process.exit(0)));
