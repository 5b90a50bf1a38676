// `npm run robot -- [--address A] [--port P] [--robot NAME] [--config DIR] [--lola PATH]`: one standalone robot
// (the debug link listens on 127.0.0.1 unless --address or --lola says otherwise; see docs/robot.md).
import { runRobotCli } from './cli';

runRobotCli(process.argv.slice(2));
