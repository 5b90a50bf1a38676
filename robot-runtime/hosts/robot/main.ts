// `npm run robot -- [--address A] [--port P] [--robot NAME] [--config DIR]`: one standalone robot on this PC.
import { parseArgs } from 'node:util';
import { StandaloneRobot } from './StandaloneRobot';

const usage = 'usage: npm run robot -- [--address 0.0.0.0] [--port 9999] [--robot Nao] [--config <config dir>] [--seed N]';

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { address: { type: 'string' }, port: { type: 'string' }, robot: { type: 'string' }, config: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = values.port === undefined ? 9999 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`bad port '${values.port}'\n${usage}`);
    process.exit(2);
  }
  const robot = await StandaloneRobot.start({ address: values.address, port, robotName: values.robot, configRoot: values.config, seed: values.seed === undefined ? undefined : Number(values.seed) });
  console.log(`robot ${values.robot ?? 'Nao'} running threads ${robot.threads.join(', ')}; debug link on ${values.address ?? '0.0.0.0'}:${robot.port}`);
  const shutdown = () => {
    void robot.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
