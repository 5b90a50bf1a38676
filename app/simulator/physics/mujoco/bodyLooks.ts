/**
 * The articulated world's moving bodies as the views draw them: per robot the MuJoCo bodies that have an
 * appearance, with their parts (appearance.ts), and the ball's. Computed once per world; the views then read only
 * the bodies' poses (`ArticulatedWorld.bodyPoses`) per frame.
 */
import { appearanceParts, collisionLook, type AppearancePart } from '../../scene/appearance';
import type { ArticulatedWorld } from './ArticulatedWorld';

/** A MuJoCo body and how it looks. */
export interface BodyLook {
  /** MuJoCo body id. */
  body: number;
  /** Scene body name (`Head`, `LFoot`). */
  name: string;
  /** How it looks: the 3-D view and the camera images draw these. */
  parts: AppearancePart[];
  /** Its look from primitives only (collisionLook), the camera images' cheaper look. */
  collision: AppearancePart[];
}

/** The looks of a world's robots (by robot name) and of its ball. */
export interface WorldLooks {
  robots: Map<string, BodyLook[]>;
  ball: BodyLook | undefined;
  /** Per robot the ids of its bodies in `robots` order, for `ArticulatedWorld.bodyPoses`. */
  bodyIds: Map<string, number[]>;
}

const cache = new WeakMap<ArticulatedWorld, WorldLooks>();

/** The looks of `world`'s robots and ball (bodies without any appearance are left out). */
export function worldLooks(world: ArticulatedWorld): WorldLooks {
  let looks = cache.get(world);
  if (looks) return looks;
  const bodies = world.description.bodies;
  const robots = new Map<string, BodyLook[]>();
  for (const r of world.robots) {
    const list = bodies
      .filter((b) => b.root === r.rootIndex)
      .map((b) => {
        const parts = appearanceParts(b.node);
        return { body: b.id, name: b.name, parts, collision: collisionLook(b.node, parts) };
      })
      .filter((b) => b.parts.length > 0);
    robots.set(r.name, list);
  }
  const ballBody = world.ballBody;
  const ballSpec = ballBody === undefined ? undefined : bodies.find((b) => b.id === ballBody);
  const ballParts = ballSpec && appearanceParts(ballSpec.node);
  const ball = ballSpec && {
    body: ballSpec.id,
    name: ballSpec.name,
    parts: ballParts!,
    collision: collisionLook(ballSpec.node, ballParts),
  };
  looks = {
    robots,
    ball,
    bodyIds: new Map([...robots].map(([name, list]) => [name, list.map((b) => b.body)])),
  };
  cache.set(world, looks);
  return looks;
}
