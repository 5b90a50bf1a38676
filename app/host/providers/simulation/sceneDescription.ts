/**
 * @file The static part of a loaded scene as the renderer's scene views need it: field dimensions, the ball,
 * every moving robot body with its jersey colour, the teams, and the joint order of the streamed joint angles.
 */
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import type { ColorRGBA } from '@robot-runtime/math/types';
import { TEAM_COLOR_RGB } from '@app/simulator/index';
import type { RobotDefinition, SceneModel, TeamColorName } from '@app/simulator/index';
import type { SceneDescription, SceneRobot } from '@app/ipc/simulation';

/** CSS hex of a colour. */
export function cssColor(c: ColorRGBA): string {
  return `#${[c.r, c.g, c.b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** CSS hex of a GameController team colour. */
export function teamColor(name: TeamColorName): string {
  return cssColor(TEAM_COLOR_RGB[name]);
}

/** The jersey of `def`: the goalkeeper (player 1) wears the team's goalkeeper colour, as the GameController has it. */
function jersey(scene: SceneModel, def: RobotDefinition): string {
  const team = scene.teams[def.team];
  return teamColor(def.playerNumber === 1 ? team.goalkeeperColor : team.fieldPlayerColor);
}

function robot(scene: SceneModel, def: RobotDefinition, controlled: boolean): SceneRobot {
  return {
    name: def.name,
    team: def.team,
    playerNumber: def.playerNumber,
    controlled,
    objectPath: def.objectPath,
    color: jersey(scene, def),
    torsoHeight: def.pose.translation.z,
  };
}

/** The description of `scene`. */
export function describeScene(scene: SceneModel): SceneDescription {
  return {
    name: scene.name,
    file: scene.file,
    field: { ...scene.field },
    ...(scene.ball ? { ball: { radius: scene.ball.radius, color: cssColor(scene.ball.color) } } : {}),
    robots: [...scene.robots.map((r) => robot(scene, r, true)), ...scene.extras.map((r) => robot(scene, r, false))],
    teams: [0, 1].map((i) => {
      const t = scene.teams[i as 0 | 1];
      return { number: t.number, color: teamColor(t.fieldPlayerColor), goalkeeperColor: teamColor(t.goalkeeperColor) };
    }) as unknown as SceneDescription['teams'],
    jointNames: [...Joint.names],
    stepLength: scene.stepLength,
  };
}
