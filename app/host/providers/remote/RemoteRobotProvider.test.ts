// A remote robot that goes away and comes back: the real StandaloneRobot of `npm run robot` on a loopback port,
// stopped and started again on the same port while a field view, a plot and a streamed representation are open.
import { afterEach, describe, expect, it } from 'vitest';
import { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { MemoryFiles } from '../../console/files';
import { HostSession } from '../../session/HostSession';
import { MemoryLayoutStore } from '../../session/LayoutStore';
import { reconnectDelay, RemoteRobotProvider } from './RemoteRobotProvider';

let session: HostSession | undefined;
const robots: StandaloneRobot[] = [];
afterEach(async () => {
  await session?.dispose();
  session = undefined;
  await Promise.all(robots.splice(0).map((r) => r.stop()));
});

async function startRobot(port = 0): Promise<StandaloneRobot> {
  const robot = await StandaloneRobot.start({ port, address: '127.0.0.1', log: () => undefined });
  robots.push(robot);
  return robot;
}

async function stopRobot(robot: StandaloneRobot): Promise<void> {
  robots.splice(robots.indexOf(robot), 1);
  await robot.stop();
}

function start(): { session: HostSession; output: string[] } {
  const output: string[] = [];
  const s = new HostSession({
    mode: 'browser',
    files: new MemoryFiles(),
    layouts: new MemoryLayoutStore(),
    providers: [new RemoteRobotProvider({ connectTimeoutMs: 5000, reconnectDelayMs: 100 })],
    scene: 'test',
  });
  s.controller.on('output', (o) => output.push(o.text));
  s.start();
  session = s;
  return { session: s, output };
}

/** Counts frames showing `drawing` in field view `field` and plot messages, from now on. */
function liveData(s: HostSession, drawing: string): { drawings: () => number; plots: () => number } {
  const robot = s.controller.robotConsole('Robot')!;
  let drawings = 0;
  let plots = 0;
  robot.on('frame', () => {
    if (robot.model.viewDrawings(robot.model.views.fieldView('field')!).some((d) => d.drawing === drawing)) drawings++;
  });
  robot.on('message', ({ message }) => {
    if (message.id === MessageID.idPlot) plots++;
  });
  return { drawings: () => drawings, plots: () => plots };
}

describe('RemoteRobotProvider', () => {
  it('backs off exponentially up to the cap', () => {
    expect([0, 1, 2, 3, 10].map((a) => reconnectDelay(a, 250, 5000))).toEqual([250, 500, 1000, 2000, 5000]);
  });

  it('keeps the views of a robot that restarts, reconnects on its own and switches their requests on again', async () => {
    let robot = await startRobot();
    const port = robot.port;
    const { session: s, output } = start();
    s.execute(`sc Robot 127.0.0.1:${port}`);
    await expect.poll(() => output.includes('Connected to Robot.')).toBe(true);
    for (const line of [
      'vf field',
      'vfd field representation:RobotPose',
      'vp rplot 100 0 100',
      'vpd rplot representation:BallModel:seenPercentage red',
    ])
      s.execute(line);
    const console = s.controller.robotConsole('Robot')!;
    await expect
      .poll(
        () =>
          console.isRequestOn('debugDrawing:representation:RobotPose') &&
          console.isRequestOn('plot:representation:BallModel:seenPercentage'),
      )
      .toBe(true);
    const live = liveData(s, 'representation:RobotPose');
    await expect.poll(live.drawings).toBeGreaterThan(3);
    await expect.poll(live.plots).toBeGreaterThan(3);

    await stopRobot(robot);
    await expect.poll(() => output.some((l) => l.startsWith('Connection to Robot lost'))).toBe(true);
    expect(output.some((l) => l.startsWith('Reconnecting to Robot'))).toBe(true);
    const [drawingsWhileDown, plotsWhileDown] = [live.drawings(), live.plots()];
    robot = await startRobot(port);
    await expect.poll(() => output.includes('Reconnected to Robot.')).toBe(true);
    // The console reports the restored link on its own tick, which may come after the provider's line.
    await expect.poll(() => output.includes('Connection to Robot restored')).toBe(true);
    // The same console (views, drawings, plot layers) and its requests on again in the restarted robot.
    expect(s.controller.robotConsole('Robot')).toBe(console);
    expect(console.model.views.fieldView('field')!.drawings).toEqual(['representation:RobotPose']);
    await expect.poll(live.drawings).toBeGreaterThan(drawingsWhileDown + 3);
    await expect.poll(live.plots).toBeGreaterThan(plotsWhileDown + 3);
    expect(console.isRequestOn('plot:representation:BallModel:seenPercentage')).toBe(true);
  });

  it('reconnects at once on sc with the same address after dc, and dc on a robot whose link is down removes it', async () => {
    const robot = await startRobot();
    const { session: s, output } = start();
    s.execute(`sc Robot 127.0.0.1:${robot.port}`);
    await expect.poll(() => output.includes('Connected to Robot.')).toBe(true);
    const console = s.controller.robotConsole('Robot')!;
    s.execute('dc Robot');
    await expect.poll(() => output.includes('Disconnected from Robot.')).toBe(true);
    s.execute(`sc Robot 127.0.0.1:${robot.port}`);
    await expect.poll(() => output.includes('Reconnected to Robot.')).toBe(true);
    expect(s.controller.robotConsole('Robot')).toBe(console);
    s.execute('dc Robot');
    await expect.poll(() => output.filter((l) => l === 'Disconnected from Robot.').length).toBe(2);
    s.execute('dc Robot');
    expect(output.at(-1)).toBe('Removed Robot.');
    expect(s.robotList().robots).toEqual([]);
  });
});
