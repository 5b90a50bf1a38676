/**
 * @file The ball and penalty marks from the camera image with one neural network (B-Human's module of the same
 * name and its conventions): candidate spots (ballSpots.ts, and penaltyMarkSpots.ts for marks, which lie too flat
 * for a ball's spot beyond a metre or so) become 32 × 32 brightness patches (patches.ts); the network says for
 * each how likely it is nothing, a penalty mark or a ball (softmax) and where in the patch the ball's centre is
 * and how large its radius. The ball spot with the most likely ball wins; the search stops at one that is surely a
 * ball. A mark is reported only on a mark candidate, the nearest the network is sure of. The network is
 * `NeuralNets/BallAndPenaltyMarkPerceptor/<multiheadName>` on the config search path (inputs [1,32,32,1], outputs
 * [1,6]), so any network of those shapes, B-Human's included, can be dropped in. A network that cannot be loaded
 * is reported once on the console and the percepts stay empty.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import type { NeuralNetwork, NetworkSpec } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { Colors } from '@robot-runtime/math/colors';
import { imageToRobotPlane } from '@robot-runtime/math/projection';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { CameraImage, newImageReader } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { CameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { PenaltyMarkPercept } from '@robot-runtime/representations/Perception/PenaltyMarkPercept';
import { PenStyle } from '@robot-runtime/representations/pens';
import type { BallSpot } from './ballSpots';
import type { PenaltyMarkSpot } from './penaltyMarkSpots';
import { penaltyMarkSpotsForImage, spotsForImage } from './spotsForImage';
import { extractPatch, patchSide } from './patches';

/** The network's patch size (pixels per side). */
export const PATCH_SIZE = 32;
/** The shapes the module expects of its network. */
export const MULTIHEAD_SPEC: NetworkSpec = { inputs: [[1, PATCH_SIZE, PATCH_SIZE, 1]], outputs: [[1, 6]] };

/** The module's parameters (also read by the training pipeline, which finds spots as the module does). */
export const BallAndPenaltyMarkPerceptorParameters = defineParameters('BallAndPenaltyMarkPerceptor', {
  multiheadName: field(
    t.string,
    'File of the network in NeuralNets/BallAndPenaltyMarkPerceptor/; a Keras name (.h5) means its .onnx twin.',
    'multihead.onnx',
  ),
  guessedThreshold: field(t.float, 'Ball probability from which the ball counts as guessed.', 0.7),
  acceptThreshold: field(t.float, 'Ball probability from which the ball counts as seen.', 0.8),
  ensureThreshold: field(t.float, 'Ball probability at which the search stops: this one is surely the ball.', 0.9),
  penaltyThreshold: field(t.float, 'Penalty-mark probability from which a penalty mark is reported.', 0.9),
  normalizationOutlierRatio: field(t.float, 'Share of the brightest patch pixels clipped before stretching.', 0.02),
  ballAreaFactor: field(t.float, 'Side of the patch cut around a spot, in ball radii.', 3.5),
  scanStep: field(t.int32, 'Pixels between vertical scan lines for spots (640-pixel image; scaled otherwise).', 6),
  greenChroma: field(t.int32, 'Field green: U and V below 128 by at least this much together.', 40),
  minRadius: field(t.float, 'Balls smaller than this (radius, pixels) are not searched for.', 2.5),
  maxSpots: field(t.int32, 'Most ball spots the network looks at per image.', 24),
  penaltyMarkSize: field(t.float, "Side of the penalty mark's cross on the ground (mm).", 100),
  minPenaltyMarkWidth: field(
    t.float,
    'Penalty marks narrower than this (pixels in a 640-pixel-wide image; scaled otherwise) are not searched for.',
    18,
  ),
  minPenaltyMarkHeight: field(
    t.float,
    'Penalty-mark candidates fewer pixels high than this are dropped: so flat, a piece of a far line looks alike.',
    3,
  ),
  maxPenaltyMarkSpots: field(t.int32, 'Most penalty-mark candidates the network looks at per image.', 4),
  penaltyMarkAreaFactor: field(
    t.float,
    'Side of the patch cut around a penalty-mark candidate, in widths a mark has there.',
    2.1,
  ),
});

/** What the network said about one spot. */
interface Verdict {
  spot: BallSpot;
  side: number;
  none: number;
  penalty: number;
  ball: number;
  out: Float32Array;
  /** The blob's box when the spot is a penalty-mark candidate (only those can become a PenaltyMarkPercept). */
  mark?: PenaltyMarkSpot;
}

export const BallAndPenaltyMarkPerceptor = defineModule({
  name: 'BallAndPenaltyMarkPerceptor',
  category: 'Perception',
  requires: [CameraImage, CameraMatrix, CameraInfo, FieldDimensions],
  provides: [BallPercept, PenaltyMarkPercept],
  parameters: BallAndPenaltyMarkPerceptorParameters,
  loadsParameters: true,
}).implement(({ the, params, networks, debug, keep }) => {
  const readImage = newImageReader();
  let network: NeuralNetwork | undefined;
  let loadedName: string | undefined;
  let failure: string | undefined;
  const input = new Float32Array(PATCH_SIZE * PATCH_SIZE);
  const histogram = new Uint32Array(256);
  const kept = keep({
    verdicts: [] as Verdict[],
    best: undefined as Verdict | undefined,
    /** The penalty-mark candidate reported, if any. */
    penaltyAt: undefined as PenaltyMarkSpot | undefined,
    /** Timestamp of the image analysed last, and of the images each percept was last reported for. */
    frameImage: -1,
    ballReportedFor: -1,
    markReportedFor: -1,
  });

  /** The network, loaded on first use and again when its name changes; undefined (reported once) when unusable. */
  const net = (): NeuralNetwork | undefined => {
    const name = params.multiheadName.replace(/\.(h5|hdf5)$/, '.onnx');
    if (name !== loadedName) {
      loadedName = name;
      network = undefined;
      failure = undefined;
      try {
        network = networks.load('BallAndPenaltyMarkPerceptor', name, MULTIHEAD_SPEC);
      } catch (e) {
        failure = (e as Error).message;
        debug.text(`BallAndPenaltyMarkPerceptor: ${failure}`);
      }
    }
    return network;
  };

  /** Runs the spots of a new image through the network (once per image, for both percepts). */
  const analyse = (): void => {
    if (the.CameraImage.timestamp === kept.frameImage) return;
    kept.frameImage = the.CameraImage.timestamp;
    kept.verdicts = [];
    kept.best = kept.penaltyAt = undefined;
    const image = readImage(the.CameraImage, the.CameraInfo, the.CameraMatrix.isValid);
    if (!image) return;
    const nn = net();
    if (!nn) return;
    const camera = withFocalLengths(the.CameraInfo);
    const spots = spotsForImage(image, the.CameraMatrix, camera, the.FieldDimensions.ballRadius, params);
    const marks = penaltyMarkSpotsForImage(image, the.CameraMatrix, camera, params.penaltyMarkSize, {
      ...params,
      minPenaltyMarkWidth: (params.minPenaltyMarkWidth * image.width) / 640,
    });
    const look = (spot: BallSpot, side: number, mark?: PenaltyMarkSpot): Verdict => {
      extractPatch(image, spot.x, spot.y, side, PATCH_SIZE, params.normalizationOutlierRatio, input, histogram);
      const out = nn.run([input])[0]!;
      const v: Verdict = { spot, side, none: out[0]!, penalty: out[1]!, ball: out[2]!, out: Float32Array.from(out) };
      if (mark) v.mark = mark;
      kept.verdicts.push(v);
      return v;
    };
    for (const spot of spots) {
      const v = look(spot, patchSide(spot.radius, params.ballAreaFactor));
      if (v.ball >= Math.max(v.none, v.penalty) && (!kept.best || v.ball > kept.best.ball)) kept.best = v;
      if (v.ball >= params.ensureThreshold) break;
    }
    // A mark only where a candidate is: a ball spot on a piece of line that the network takes for a mark has not
    // the mark's size and isolation. Candidates come nearest first, and the first the network is sure of is taken
    // (a near mark is seen larger and more clearly); they are looked at whatever the ball search found.
    const sure = (v: Verdict): boolean => v.penalty >= Math.max(v.none, v.ball, params.penaltyThreshold);
    for (const mark of marks) {
      const v = look(
        { x: mark.x, y: mark.y, radius: mark.width / 2 },
        patchSide(mark.width, params.penaltyMarkAreaFactor),
        mark,
      );
      if (sure(v)) {
        kept.penaltyAt = mark;
        break;
      }
    }
    // Else a ball spot the network is sure of on a candidate whose own patch the network did not call nothing:
    // near, a mark's run is about a ball high, and a network that knows marks only at a ball's patch size (B-Human's)
    // is sure there; a white piece of line beside a robot that a ball spot lies on is nothing in the candidate's
    // patch.
    if (!kept.penaltyAt) {
      for (const v of kept.verdicts) {
        if (v.mark || !sure(v)) continue;
        const on = marks.find((m) => {
          const margin = m.width / 4;
          const own = kept.verdicts.find((k) => k.mark === m);
          return (
            own !== undefined &&
            own.none < 0.5 &&
            v.spot.x >= m.left - margin &&
            v.spot.x <= m.right + margin &&
            v.spot.y >= m.top - margin &&
            v.spot.y <= m.bottom + margin
          );
        });
        if (on) {
          kept.penaltyAt = on;
          break;
        }
      }
    }
    debug.drawing('module:BallAndPenaltyMarkPerceptor:spots', 'drawingOnImage', (d) => {
      for (const v of kept.verdicts) {
        const half = v.side / 2;
        const color = v.ball >= params.guessedThreshold ? Colors.orange : v.penalty >= 0.5 ? Colors.blue : Colors.gray;
        d.rectangleOutline(
          v.spot.x - half,
          v.spot.y - half,
          v.spot.x + half,
          v.spot.y + half,
          1,
          PenStyle.solidPen,
          color,
        );
        d.text(
          v.spot.x - half,
          v.spot.y - half - 2,
          8,
          color,
          `${Math.round(v.ball * 100)}/${Math.round(v.penalty * 100)}`,
        );
      }
    });
    debug.drawing('module:BallAndPenaltyMarkPerceptor:penaltyMarkSpots', 'drawingOnImage', (d) => {
      // Every candidate's blob, blue when reported, with the network's mark probability where it looked.
      for (const m of marks) {
        const color = m === kept.penaltyAt ? Colors.blue : Colors.gray;
        d.rectangleOutline(m.left, m.top, m.right + 1, m.bottom + 1, 1, PenStyle.solidPen, color);
        const v = kept.verdicts.find((k) => k.mark === m);
        if (v) d.text(m.left, m.top - 2, 8, color, `${Math.round(v.penalty * 100)}`);
      }
    });
  };

  return {
    update: {
      BallPercept(percept) {
        analyse();
        percept.status = BallPerceptStatus.notSeen;
        if (kept.ballReportedFor === kept.frameImage) return;
        kept.ballReportedFor = kept.frameImage;
        if (!kept.best || kept.best.ball < params.guessedThreshold) return;
        const { spot, side, out } = kept.best;
        const scale = side / PATCH_SIZE;
        const centre = {
          x: (out[3]! - PATCH_SIZE / 2) * scale + spot.x,
          y: (out[4]! - PATCH_SIZE / 2) * scale + spot.y,
        };
        const camera = withFocalLengths(the.CameraInfo);
        const onField = imageToRobotPlane(the.CameraMatrix, camera, centre, the.FieldDimensions.ballRadius);
        if (!onField) return;
        percept.status = kept.best.ball >= params.acceptThreshold ? BallPerceptStatus.seen : BallPerceptStatus.guessed;
        percept.positionInImage = centre;
        percept.radiusInImage = out[5]! * scale;
        percept.positionOnField = onField;
        percept.radiusOnField = the.FieldDimensions.ballRadius;
      },
      PenaltyMarkPercept(percept) {
        analyse();
        percept.wasSeen = false;
        if (kept.markReportedFor === kept.frameImage) return;
        kept.markReportedFor = kept.frameImage;
        if (!kept.penaltyAt) return;
        const spot = kept.penaltyAt;
        const onField = imageToRobotPlane(the.CameraMatrix, withFocalLengths(the.CameraInfo), spot, 0);
        if (!onField) return;
        percept.wasSeen = true;
        percept.positionInImage = { x: spot.x, y: spot.y };
        percept.positionOnField = onField;
      },
    },
  };
});
