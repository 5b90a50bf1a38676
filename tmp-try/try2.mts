import { createDefaultSession } from '/work/main/app/web/backend/createDefaultSession';
import { SimulationProvider } from '/work/main/app/web/backend/simulation/SimulationProvider';
const scene = process.argv[2] ?? 'Game';
const session = createDefaultSession({ mode: 'browser', rootDir: '/work/main', sceneFile: `/work/main/scenes/${scene}.ros3` });
let last: any;
const conn = session.connect((ch, p) => { if (ch === 'pitchside:sim.state') last = p; });
session.start();
const sim = (session as any).options.providers.find((p: any) => p instanceof SimulationProvider) as SimulationProvider;
await sim.whenLoaded();
for (let i = 0; i < 6; i++) {
  await new Promise((r) => setTimeout(r, 2000));
  const c = session.controller.robotConsole('robot1')!; const views = c.model.views.imageViews().map((v) => v.name + ':' + v.thread); const img: any = await conn.request('pitchside:image.frame', { robot: 'robot1', view: c.model.views.imageViews()[0]?.name ?? 'x' } as any); console.log(views.join(','));
  console.log('t', last?.time, 'rtf', last?.realTimeFactor, 'img', img.frame ? `${img.frame.width}x${img.frame.height} seq ${img.frame.seq}` : img.notice, 'rendered', sim.simulation?.cameraImages.rendered);
}
await session.dispose();
process.exit(0);
