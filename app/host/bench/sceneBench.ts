/**
 * @file Benchmark of the 3-D scene view in a real browser: `npm start` with the 7 vs 7 scene in browser mode (a
 * child process, as a user starts it), headless Chromium (software WebGL on machines without a GPU) showing the
 * Scene 3D view with 14 robots, the simulation paused so only rendering is measured. Frame rates at the display
 * rate and uncapped, each with an empty three.js scene of the same size in the same page as the baseline. Before
 * that, scene loading: B-Human's corpus scenes with the 2.7 MB NAO and its meshes (read, include, instantiate, type,
 * extract), against parsing the same files' XML alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadScene } from '../../simulator/scene/loadScene';
import { readSceneFile } from '../../simulator/scene/readSceneFile';
import { parseXml } from '../../simulator/scene/xml/parseXml';
import { launchChromium, startBenchApp, until } from './benchApp';
import type { BenchRow } from './BenchRow';
import { bestOf } from './measure';

/** How long each rate is measured (ms). */
const MEASURE_MS = 3000;

/** Frame rates the page reports. */
interface Rates {
  displayFps: number;
  uncappedFps: number;
}

/** B-Human's scenes, beside the repository (or one level further up from a worktree). */
const CORPUS_SCENES = ['../../../../shared', '../../../../../shared']
  .map((shared) => path.resolve(import.meta.dirname, shared, 'corpus/bhuman/Config/Scenes'))
  .find((dir) => fs.existsSync(dir));

/** Load time of corpus scenes against parsing their files' XML only (skipped when the corpus is absent). */
export function sceneLoadRows(): BenchRow[] {
  if (!CORPUS_SCENES) {
    console.log('(B-Human corpus scenes not found; scene load rows skipped)');
    return [];
  }
  const scenes = {
    'BH.ros3': ['NaoV6H25.rsi3', '1vsDummies.rsi3', 'Ball2016SPL.rsi3', 'Field2020SPL.rsi3'],
    'Game.ros3': ['NaoV6H25.rsi3', '7vs7.rsi3', 'Ball2016SPL.rsi3', 'Field2020SPL.rsi3', 'Referee.rsi3'],
  };
  return Object.entries(scenes).map(([scene, includes]) => {
    const files = [scene, ...includes.map((f) => path.join('Includes', f))].map((f) => path.join(CORPUS_SCENES, f));
    const texts = files.map((f) => [f, readSceneFile(f)] as const);
    return {
      group: 'scene load',
      name: `B-Human ${scene} (NAO with meshes${scene === 'Game.ros3' ? ', 7 vs 7' : ', 1 vs 5 dummies'})`,
      value: bestOf(5, () => loadScene(path.join(CORPUS_SCENES, scene))),
      unit: 'ms',
      baseline: { name: 'XML parse of its files', value: bestOf(5, () => texts.forEach(([f, t]) => parseXml(t, f))) },
      goal: scene === 'BH.ros3' ? '< 1000' : undefined,
    };
  });
}

/**
 * How long the scene loader takes to refuse the costliest hostile scenes of its tests (hostileScenes.test.ts, which
 * asserts which count bound stops each): placeholders that cost a lookup per scope, and macros that double.
 */
export function hostileSceneRows(): BenchRow[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-bench-hostile-'));
  try {
    const mass = '<SphereMass value="1" radius="0.1"/>';
    let lookups = `<Body name="$${'$q'.repeat(1_000_000)}">${mass}</Body>`;
    for (let i = 0; i < 250; i++) lookups = `<Compound><Set name="s${i}" value="v"/>\n${lookups}</Compound>`;
    const levels = ['<Compound name="L0"><Compound/></Compound>'];
    for (let i = 1; i <= 40; i++)
      levels.push(
        `<Compound name="L${i}"><Set name="r${i}" value="L${i - 1}"/><Compound ref="$r${i}"/><Compound ref="$r${i}"/></Compound>`,
      );
    const cases = {
      'a million undefined placeholders under 250 scopes': `<Simulation><Scene>${lookups}</Scene></Simulation>`,
      'macros doubling 40 times, named through placeholders': `<Simulation>\n${levels.join('\n')}\n<Scene name="RoboCup"><Compound ref="L40"/></Scene></Simulation>`,
    };
    return Object.entries(cases).map(([name, text]) => {
      const file = path.join(dir, 'hostile.ros3');
      fs.writeFileSync(file, text);
      const refuse = () => {
        try {
          loadScene(file);
        } catch {
          return; // refused, as it must be (the test checks how)
        }
        throw new Error(`the hostile scene "${name}" was not refused`);
      };
      return { group: 'scene load', name: `refuse ${name}`, value: bestOf(3, refuse), unit: 'ms', goal: '< 2000' };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The 3-D view benchmark, after the scene load rows. */
export async function runSceneBench(): Promise<BenchRow[]> {
  const loadRows = [...sceneLoadRows(), ...hostileSceneRows()];
  const rows = await measureScene('scenes/Game.ros3', '14 robots', false);
  // B-Human's 7 vs 7 on MuJoCo with its own look: 14 NAOs of B-Human's meshes, posed per body.
  const meshRows = CORPUS_SCENES
    ? await measureScene(path.join(CORPUS_SCENES, 'Game.ros3'), "14 B-Human NAOs with B-Human's meshes", true)
    : [];
  return [...loadRows, ...rows, ...meshRows];
}

/** Frame rates of the 3-D view of `scene` (14 robots), paused, against an empty scene in the same page. */
async function measureScene(scene: string, label: string, ownLook: boolean): Promise<BenchRow[]> {
  const { child, url } = await startBenchApp(['--scene', scene]);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    // The dock restores its layout once the console is up; a view opened before that would be replaced.
    await page.locator('[data-testid=console-input] .monaco-editor').waitFor({ state: 'visible', timeout: 60_000 });
    await page
      .locator('.scene-tree li[role=treeitem]', { hasText: /^Scene 3D$/ })
      .first()
      .dblclick({ timeout: 30_000 });
    const count = (): Promise<number | undefined> =>
      page.evaluate(() =>
        (globalThis as unknown as { __pitchsideScene3D?: { robotCount(): number } }).__pitchsideScene3D?.robotCount(),
      );
    await until(page, async () => (await count()) === 14, 120_000, '14 robots in the 3-D view').catch(
      async (e: unknown) => {
        await page.screenshot({ path: path.join(os.tmpdir(), 'scenebench-fail.png') });
        throw e;
      },
    );
    if (ownLook)
      await until(
        page,
        () =>
          page.evaluate(
            () =>
              (
                globalThis as unknown as { __pitchsideScene3D?: { appearance(): unknown } }
              ).__pitchsideScene3D?.appearance() !== undefined,
          ),
        120_000,
        "the scene's own look in the 3-D view",
      );
    // The 3-D view alone in the dock (as a user maximises it), and the simulation paused: rendering only.
    await page.locator('.dv-tab', { hasText: 'Console' }).locator('.dv-default-tab-action').click();
    await page.locator('.menu-bar').click();
    await page.keyboard.press('F5');
    await until(
      page,
      async () => /Paused/.test((await page.locator('.status-message').textContent()) ?? ''),
      10_000,
      'the simulation to pause',
    );
    const result = await page.evaluate(
      (ms) =>
        (
          globalThis as unknown as {
            __pitchsideScene3D: { measure(ms: number): Promise<{ scene: Rates; empty: Rates }> };
          }
        ).__pitchsideScene3D.measure(ms),
      MEASURE_MS,
    );
    const size = await page.locator('.scene3d-canvas').boundingBox();
    const where = size ? ` (${Math.round(size.width)}×${Math.round(size.height)} px)` : '';
    return [
      {
        group: '3-D view',
        name: `${label}, display rate${where}`,
        value: result.scene.displayFps,
        unit: 'fps',
        baseline: { name: 'empty three.js scene', value: result.empty.displayFps },
        goal: '≥ 60',
      },
      {
        group: '3-D view',
        name: `${label}, uncapped${where}`,
        value: result.scene.uncappedFps,
        unit: 'fps',
        baseline: { name: 'empty three.js scene', value: result.empty.uncappedFps },
      },
    ];
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}
