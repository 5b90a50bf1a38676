/**
 * @file How well a ball network sees: held-out situations (drawn from a seed never used for training), rendered
 * and varied as for training, run through BallAndPenaltyMarkPerceptor with the given network; every percept is
 * compared with the truth. Balls: recall per distance band for balls fully in the image, recall for balls at least
 * half in the image, false balls (a seen ball farther than 3 ball radii in the image from the truth, or on an
 * image without one) per image, the median error of the centre in the image (pixels) and of the distance (per cent
 * of the true distance). Penalty marks: recall within 3 m, for marks fully visible (the whole cross in the image,
 * hidden by neither a robot, the ball nor a goal post: nothing can find what is hidden, so the goal is measured on
 * these, as for balls) and for every mark whose centre is in the image; false marks per image.
 */
import type { NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { BallAndPenaltyMarkPerceptor } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/BallAndPenaltyMarkPerceptor';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { PenaltyMarkPercept } from '@robot-runtime/representations/Perception/PenaltyMarkPercept';
import { projectPoint } from '@app/simulator/camera/CameraIntrinsics';
import { renderCameraImage } from '@app/simulator/camera/renderCameraImage';
import type { SceneModel } from '@app/simulator/scene/SceneModel';
import type { TextureImage } from '@app/simulator/scene/textureImage';
import { renderSituation } from './renderSituation';
import { situationMaker, type Situation } from './situations';

/** Distance bands (mm) of the ball table. */
export const BANDS: readonly [number, number][] = [
  [0, 1500],
  [1500, 3000],
  [3000, 4500],
  [4500, 6000],
  [6000, 7000],
];

/** Seen / visible counts of one band. */
export interface Recall {
  seen: number;
  of: number;
}

/** The measured figures. */
export interface BallEvaluation {
  images: number;
  /** Fully visible balls per band. */
  bands: Recall[];
  within3m: Recall;
  within6m: Recall;
  /** Balls at least half in the image (any distance up to 7 m). */
  halfVisible: Recall;
  falseBalls: number;
  centreErrorMedianPx: number;
  /** Median |measured − true distance| / true distance within 3 m (per cent). */
  distanceErrorMedianPercent: number;
  /** Images with a fully visible penalty mark within 3 m, and in how many of them a mark was found. */
  marksWithin3m: Recall;
  /** The same for images with any mark within 3 m whose centre is in the image, hidden or cut or not. */
  anyMarksWithin3m: Recall;
  falseMarks: number;
}

const median = (values: number[]): number => {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};

/**
 * Share of each of the situation's penalty marks that the camera sees: points over the mark's cross (its two bars)
 * that lie in the image and show there what they show on the bare field (no robot, no ball, no goal).
 */
export function markVisibility(situation: Situation): number[] {
  if (!situation.marks.length) return [];
  const k = situation.intrinsics;
  const { field } = situation.scene;
  const seen = renderCameraImage(situation.scene, situation.cameraPose, k);
  // The field alone: no robot, no ball, and goal posts and crossbars of no thickness.
  const empty = renderCameraImage(
    { field: { ...field, goalPostDiameter: 0 }, ball: undefined, robots: [] },
    situation.cameraPose,
    k,
    new Uint8Array(k.width * k.height * 2),
  );
  const half = field.penaltyMarkSize / 2,
    bar = field.lineWidth / 2;
  return situation.marks.map((mark) => {
    let visible = 0,
      all = 0;
    for (let i = -5; i <= 5; i++) {
      for (let j = -5; j <= 5; j++) {
        const dx = (i / 5) * half,
          dy = (j / 5) * half;
        if (Math.abs(dx) > bar && Math.abs(dy) > bar) continue;
        all++;
        const p = projectPoint(situation.cameraPose, k, { x: mark.atField.x + dx, y: mark.atField.y + dy, z: 0 });
        if (!p) continue;
        const x = Math.floor(p.x),
          y = Math.floor(p.y);
        if (x < 0 || y < 0 || x >= k.width || y >= k.height) continue;
        const at = (y * k.width + x) * 2;
        if (seen[at] === empty[at] && seen[at + 1] === empty[at + 1]) visible++;
      }
    }
    return visible / all;
  });
}

/** What one network perceives in one rendered situation. */
function perceive(networks: NeuralNetworks, situation: Situation, rendered: ReturnType<typeof renderSituation>) {
  const the = {
    CameraImage: {
      ...CameraImage.defaultValue(),
      width: rendered.image.width / 2,
      height: rendered.image.height,
      timestamp: 1,
      image: rendered.image.image,
    },
    CameraMatrix: { ...situation.cameraMatrix, isValid: true },
    CameraInfo: rendered.cameraInfo,
    FieldDimensions: FieldDimensions.defaultValue(),
  };
  const m = createModuleForTest(BallAndPenaltyMarkPerceptor, { the, networks });
  const ball = BallPercept.defaultValue();
  const mark = PenaltyMarkPercept.defaultValue();
  m.update.BallPercept!(ball);
  m.update.PenaltyMarkPercept!(mark);
  const failure = m.debug.calls.find((c) => c.kind === 'text');
  if (failure) throw new Error(String(failure.args[0]));
  return { ball, mark };
}

/**
 * Evaluates each of `networks` (by name) on the same `images` held-out situations of `seed`. Rendering is shared,
 * so the networks see identical images.
 */
export function evaluateBallPerception(
  model: SceneModel,
  texture: TextureImage,
  networks: Record<string, NeuralNetworks>,
  images: number,
  seed: number,
): Record<string, BallEvaluation> {
  const next = situationMaker(model, texture, seed);
  const random = new SeededRandom(seed * 7919 + 1);
  const names = Object.keys(networks);
  const acc = Object.fromEntries(
    names.map((n) => [
      n,
      {
        bands: BANDS.map(() => ({ seen: 0, of: 0 })),
        within3m: { seen: 0, of: 0 },
        within6m: { seen: 0, of: 0 },
        halfVisible: { seen: 0, of: 0 },
        falseBalls: 0,
        centre: [] as number[],
        distance: [] as number[],
        marksWithin3m: { seen: 0, of: 0 },
        anyMarksWithin3m: { seen: 0, of: 0 },
        falseMarks: 0,
      },
    ]),
  );
  for (let i = 0; i < images; i++) {
    const situation = next();
    const rendered = renderSituation(situation, random);
    const truth = situation.ball;
    const distance = truth ? Math.hypot(truth.onField.x, truth.onField.y) : Infinity;
    const near = situation.marks.map((m) => Math.hypot(m.onField.x, m.onField.y) < 3000);
    const visibility = near.some(Boolean) ? markVisibility(situation) : [];
    const nearMark = near.some(Boolean);
    const nearVisibleMark = near.some((n, j) => n && visibility[j]! >= 1);
    for (const name of names) {
      const a = acc[name]!;
      const { ball, mark } = perceive(networks[name]!, situation, rendered);
      const seen = ball.status === BallPerceptStatus.seen;
      const hit =
        seen &&
        truth !== undefined &&
        Math.hypot(ball.positionInImage.x - truth.inImage.x, ball.positionInImage.y - truth.inImage.y) <
          3 * Math.max(truth.radius, 2);
      if (seen && !hit) a.falseBalls++;
      if (truth && truth.radius >= 2) {
        const count = (r: Recall): void => {
          r.of++;
          if (hit) r.seen++;
        };
        if (truth.visible >= 0.999) {
          const band = BANDS.findIndex(([lo, hi]) => distance >= lo && distance < hi);
          if (band >= 0) count(a.bands[band]!);
          if (distance < 3000) count(a.within3m);
          if (distance < 6000) count(a.within6m);
        }
        if (truth.visible >= 0.5 && distance < 7000) count(a.halfVisible);
        if (hit && truth.visible >= 0.999) {
          a.centre.push(Math.hypot(ball.positionInImage.x - truth.inImage.x, ball.positionInImage.y - truth.inImage.y));
          if (distance < 3000)
            a.distance.push(
              (100 * Math.abs(Math.hypot(ball.positionOnField.x, ball.positionOnField.y) - distance)) / distance,
            );
        }
      }
      const markHit =
        mark.wasSeen &&
        situation.marks.some(
          (m) => Math.hypot(mark.positionOnField.x - m.onField.x, mark.positionOnField.y - m.onField.y) < 300,
        );
      if (mark.wasSeen && !markHit) a.falseMarks++;
      if (nearMark) {
        a.anyMarksWithin3m.of++;
        if (markHit) a.anyMarksWithin3m.seen++;
      }
      if (nearVisibleMark) {
        a.marksWithin3m.of++;
        if (markHit) a.marksWithin3m.seen++;
      }
    }
  }
  return Object.fromEntries(
    names.map((n) => {
      const a = acc[n]!;
      return [
        n,
        {
          images,
          bands: a.bands,
          within3m: a.within3m,
          within6m: a.within6m,
          halfVisible: a.halfVisible,
          falseBalls: a.falseBalls,
          centreErrorMedianPx: median(a.centre),
          distanceErrorMedianPercent: median(a.distance),
          marksWithin3m: a.marksWithin3m,
          anyMarksWithin3m: a.anyMarksWithin3m,
          falseMarks: a.falseMarks,
        },
      ];
    }),
  );
}

const pct = (r: Recall): string => (r.of ? `${((100 * r.seen) / r.of).toFixed(1)} % (${r.seen}/${r.of})` : '–');

/** The evaluation as a Markdown table, one column per network. */
export function formatBallEvaluation(results: Record<string, BallEvaluation>): string {
  const names = Object.keys(results);
  const rows: [string, (e: BallEvaluation) => string][] = [
    ...BANDS.map(([lo, hi], i): [string, (e: BallEvaluation) => string] => [
      `ball recall, fully visible, ${lo / 1000}–${hi / 1000} m`,
      (e) => pct(e.bands[i]!),
    ]),
    ['ball recall, fully visible, within 3 m', (e) => pct(e.within3m)],
    ['ball recall, fully visible, within 6 m', (e) => pct(e.within6m)],
    ['ball recall, at least half visible', (e) => pct(e.halfVisible)],
    ['false balls per 200 images', (e) => ((200 * e.falseBalls) / e.images).toFixed(2)],
    ['ball centre median error (px)', (e) => e.centreErrorMedianPx.toFixed(2)],
    ['ball distance median error within 3 m (%)', (e) => e.distanceErrorMedianPercent.toFixed(2)],
    ['penalty mark recall, fully visible, within 3 m', (e) => pct(e.marksWithin3m)],
    ['penalty mark recall, centre in the image, within 3 m', (e) => pct(e.anyMarksWithin3m)],
    ['false penalty marks per 200 images', (e) => ((200 * e.falseMarks) / e.images).toFixed(2)],
  ];
  const lines = [`| | ${names.join(' | ')} |`, `| --- | ${names.map(() => '---').join(' | ')} |`];
  for (const [label, value] of rows) lines.push(`| ${label} | ${names.map((n) => value(results[n]!)).join(' | ')} |`);
  return lines.join('\n');
}
