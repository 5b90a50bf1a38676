// `npm run robot -- [--address A] [--port P] [--robot NAME] [--config DIR] [--lola PATH]`: one standalone robot.
import { runRobotCli } from './cli';

runRobotCli(process.argv.slice(2));
