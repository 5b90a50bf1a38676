/**
 * Extracts the {@link SceneModel} from the typed scene graph using B-Human's scene conventions: robots are the
 * `robot<N>` bodies in `RoboCup.robots` (N ≤ 20: first team, player N; N > 20: second team, player N − 20),
 * dummies live in `RoboCup.extras`, the first body of `RoboCup.balls` is the ball, `RoboCup.teams` holds two
 * compounds with the children `<teamNumber>`, `<fieldPlayerColor>`, `<goalkeeperColor>`. Pitchside adds one
 * convention: the `RoboCup.field` compound's `<Set>`s give the field dimensions (see Field.rsi3).
 */
import type { ColorRGBA, Pose3 } from '@robot-runtime/math/types';
import { composePose3, scalePose3 } from '@robot-runtime/math/rotation';
import { SceneError } from './SceneError';
import {
  TEAM_COLOR_NAMES,
  type BallDefinition,
  type CameraDefinition,
  type ChainLink,
  type FieldDimensions,
  type JointDefinition,
  type RobotDefinition,
  type RobotModelDefinition,
  type SceneModel,
  type TeamColorName,
  type TeamDefinition,
} from './SceneModel';
import { childNamed, findNode, type SceneNode } from './sceneGraph';
import { SPL_RULEBOOK_FIELD } from '@robot-runtime/representations/Configuration/splField';
import { parseQuantity } from './units';

/** The SPL rulebook field, used where the scene's field compound does not say otherwise. */
export const SPL_FIELD: FieldDimensions = SPL_RULEBOOK_FIELD;

/** Defaults when the scene has no `teams` compound (as B-Human's simulator: team 5 black/purple, team 70 red/blue). */
const DEFAULT_TEAMS: [TeamDefinition, TeamDefinition] = [
  { number: 5, fieldPlayerColor: 'black', goalkeeperColor: 'purple' },
  { number: 70, fieldPlayerColor: 'red', goalkeeperColor: 'blue' },
];

const fail = (n: SceneNode, message: string): never => {
  throw new SceneError(n.file, n.line, n.path, message);
};

/** Builds the scene model; `file` is the scene file name used in messages. */
export function extractModel(graph: SceneNode, file: string): SceneModel {
  if (graph.kind !== 'scene') return fail(graph, 'the root must be a <Scene>');
  const sceneName = graph.name ?? 'RoboCup';
  const objectPath = (...names: string[]): string => [sceneName, ...names].join('.');
  const compound = (name: string): SceneNode | undefined => childNamed(graph, name);

  const robots = robotsIn(compound('robots'), graph.local, objectPath('robots'), true);
  const extras = robotsIn(compound('extras'), graph.local, objectPath('extras'), false);
  const puppets = robotsIn(compound('puppets'), graph.local, objectPath('puppets'), false);
  const numbers = new Set<number>();
  for (const r of robots) {
    if (numbers.has(r.number))
      throw new SceneError(
        graph.file,
        graph.line,
        `${graph.path}/Compound[robots]/Body[${r.name}]`,
        `robot number ${r.number} is used twice`,
      );
    numbers.add(r.number);
  }
  const firstChildName = (name: string): string | undefined => compound(name)?.children[0]?.name;
  return {
    file,
    name: sceneName,
    controller: graph.controller,
    stepLength: graph.stepLength,
    gravity: graph.gravity,
    field: fieldOf(compound('field')),
    ball: ballOf(compound('balls'), graph.local, objectPath('balls')),
    robots,
    extras,
    puppets,
    teams: teamsOf(compound('teams')),
    location: firstChildName('location'),
    scenarios: (compound('scenarios')?.children ?? []).map((c) => c.name ?? ''),
    robotType: firstChildName('robot type') ?? 'nao',
    hasReferee: compound('referee') !== undefined,
    graph,
    warnings: [],
  };
}

const FIELD_SETS: Record<string, keyof FieldDimensions> = {
  FieldLength: 'length',
  FieldWidth: 'width',
  LineWidth: 'lineWidth',
  CenterCircleDiameter: 'centerCircleDiameter',
  PenaltyAreaLength: 'penaltyAreaLength',
  PenaltyAreaWidth: 'penaltyAreaWidth',
  GoalAreaLength: 'goalAreaLength',
  GoalAreaWidth: 'goalAreaWidth',
  PenaltyMarkDistance: 'penaltyMarkDistance',
  PenaltyMarkSize: 'penaltyMarkSize',
  BorderStripWidth: 'borderStripWidth',
  GoalInnerWidth: 'goalInnerWidth',
  GoalPostDiameter: 'goalPostDiameter',
  GoalHeight: 'goalHeight',
  GoalDepth: 'goalDepth',
};

function fieldOf(node: SceneNode | undefined): FieldDimensions {
  const field = { ...SPL_FIELD };
  if (!node) return field;
  for (const [setName, key] of Object.entries(FIELD_SETS)) {
    const raw = node.sets[setName];
    if (raw === undefined) continue;
    const v = parseQuantity(raw, 'length');
    if (typeof v === 'string' || !(v > 0))
      fail(node, `field dimension '${setName}': ${typeof v === 'string' ? v : 'must be positive'}`);
    // Round to µm so that "1650mm" reads as 1650, not 1650.0000000000002.
    field[key] = Math.round((v as number) * 1e6) / 1000;
  }
  return field;
}

function teamsOf(node: SceneNode | undefined): [TeamDefinition, TeamDefinition] {
  if (!node) return [{ ...DEFAULT_TEAMS[0] }, { ...DEFAULT_TEAMS[1] }];
  if (node.children.length !== 2) fail(node, `'teams' needs exactly 2 children, found ${node.children.length}`);
  const team = (t: SceneNode): TeamDefinition => {
    const [num, field, keeper] = t.children.map((c) => c.name ?? '');
    if (t.children.length !== 3)
      fail(t, 'a team needs 3 children: <teamNumber>, <fieldPlayerColor>, <goalkeeperColor>');
    const n = Number(num);
    if (!Number.isInteger(n) || n < 0 || n > 255) fail(t, `team number '${num}' is not 0..255`);
    const colour = (name: string): TeamColorName =>
      (TEAM_COLOR_NAMES as readonly string[]).includes(name)
        ? (name as TeamColorName)
        : fail(t, `unknown team colour '${name}' (expected ${TEAM_COLOR_NAMES.join(', ')})`);
    return { number: n, fieldPlayerColor: colour(field!), goalkeeperColor: colour(keeper!) };
  };
  return [team(node.children[0]!), team(node.children[1]!)];
}

function robotsIn(
  node: SceneNode | undefined,
  scenePose: Pose3,
  path: string,
  requireNumbers: boolean,
): RobotDefinition[] {
  if (!node) return [];
  const parentPose = composePose3(scenePose, node.local);
  const out: RobotDefinition[] = [];
  for (const body of node.children) {
    if (body.kind !== 'body') fail(body, `only robot bodies may be inside '${node.name}'`);
    const name = body.name ?? '';
    const m = /^robot(\d+)$/.exec(name);
    if (!m && requireNumbers) fail(body, `robot bodies must be named robot<N>, not '${name}'`);
    const number = m ? Number(m[1]) : 0;
    if (m && (number < 1 || number > 40))
      fail(body, `robot number ${number} is not in 1..40 (1..20 first team, 21..40 second team)`);
    const pose = scalePose3(composePose3(parentPose, body.local), 1000);
    out.push({
      name,
      number,
      team: number > 20 ? 1 : 0,
      playerNumber: number > 20 ? number - 20 : number,
      pose,
      pose2: {
        rotation: Math.atan2(pose.rotation[1]!, pose.rotation[0]!),
        translation: { x: pose.translation.x, y: pose.translation.y },
      },
      model: robotModelOf(body),
      objectPath: `${path}.${name}`,
    });
  }
  return out;
}

/** Collects joints, cameras and the total mass of a robot body. */
export function robotModelOf(body: SceneNode): RobotModelDefinition {
  const joints: JointDefinition[] = [];
  const cameras: CameraDefinition[] = [];
  let mass = 0;
  const visit = (node: SceneNode, chain: ChainLink[]): void => {
    for (const child of node.children) {
      const local: ChainLink = { kind: 'fixed', pose: scalePose3(child.local, 1000) };
      if (child.kind === 'mass') mass += child.mass;
      if (child.kind === 'joint') {
        const name = child.name ?? '';
        const slider = child.jointType === 'slider';
        const scale = slider ? 1000 : 1;
        joints.push({
          name,
          type: child.jointType,
          min: child.deflection && child.deflection.min * scale,
          max: child.deflection && child.deflection.max * scale,
          init: (child.deflection?.init ?? 0) * scale,
        });
        visit(child, [...chain, local, { kind: child.jointType, joint: name, axis: child.axis }]);
      } else if (child.kind === 'camera') {
        cameras.push({
          name: child.name ?? '',
          imageWidth: child.imageWidth,
          imageHeight: child.imageHeight,
          angleX: child.angleX,
          angleY: child.angleY,
          chain: [...chain, local],
        });
      } else {
        visit(child, [...chain, local]);
      }
    }
  };
  visit(body, []);
  return { mass, joints, cameras };
}

function ballOf(node: SceneNode | undefined, scenePose: Pose3, path: string): BallDefinition | undefined {
  const body = node?.children[0];
  if (!node || !body) return undefined;
  if (body.kind !== 'body') return fail(body, 'the first child of balls must be a <Body>');
  const sphere = findNode(body, (n) => n.kind === 'geometry' && n.shape === 'sphere');
  if (!sphere || sphere.kind !== 'geometry') return fail(body, 'the ball needs a <SphereGeometry>');
  const appearance = findNode(body, (n) => n.kind === 'appearance' && n.diffuseColor !== undefined);
  const material = sphere.material;
  const first = (table: Record<string, number> | undefined, fallback: number): number =>
    table ? (Object.values(table)[0] ?? fallback) : fallback;
  const pose = composePose3(composePose3(scenePose, node.local), body.local);
  let mass = 0;
  const sum = (n: SceneNode): void => {
    if (n.kind === 'mass') mass += n.mass;
    n.children.forEach(sum);
  };
  sum(body);
  const orange: ColorRGBA = { r: 255, g: 128, b: 0, a: 255 };
  return {
    name: body.name ?? 'ball',
    objectPath: `${path}.${body.name ?? 'ball'}`,
    radius: sphere.radius! * 1000,
    mass,
    position: { x: pose.translation.x * 1000, y: pose.translation.y * 1000, z: pose.translation.z * 1000 },
    rollingFriction: first(material?.rollingFriction, 0.1),
    friction: first(material?.friction, 0.5),
    restitution: first(material?.restitution, 0.5),
    color: (appearance?.kind === 'appearance' ? appearance.diffuseColor : undefined) ?? orange,
  };
}
