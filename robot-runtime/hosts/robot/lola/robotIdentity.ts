/**
 * @file Which robot this is: the head and body names that select Robots/<head>/ and Robots/<body>/ in the
 * configuration search path. The serial numbers come from LoLA's RobotConfig (body id, body version, head id,
 * head version) and are looked up in Robots/robots.cfg; a head not listed is named by the hostname, a body not
 * listed takes the head's name.
 */
import { parseConfig, type ConfigNode } from '@robot-runtime/protocol/configMap';

/** One entry of robots.cfg. */
export interface RobotEntry {
  name: string;
  /** B-Human's robot type constant (`nao` for a NAO); kept as written. */
  robotType: string;
  headId: string;
  bodyId: string;
}

/** What robots.cfg says, and what was wrong with it. */
export interface RobotsCfg {
  robots: RobotEntry[];
  warnings: string[];
}

/** B-Human's key of the robot list. */
const ROBOTS_KEY = 'robotsIds';
/** The key older Pitchside files used; still read, with a warning. */
const LEGACY_ROBOTS_KEY = 'robots';

/**
 * The entries of a robots.cfg text in B-Human's form (`robotsIds = [{ name = …; robotType = nao; headId = "…";
 * bodyId = "…"; }, …];`). A file without that key yields no robots and a warning saying so, as a silently empty
 * list would name every robot after its hostname.
 */
export function parseRobotsCfg(text: string, file = 'Robots/robots.cfg'): RobotsCfg {
  const root = parseConfig(text, file);
  const warnings: string[] = [];
  let list = root.entries.find((e) => e.key === ROBOTS_KEY)?.value;
  if (list === undefined) {
    list = root.entries.find((e) => e.key === LEGACY_ROBOTS_KEY)?.value;
    warnings.push(
      list === undefined
        ? `${file}: no '${ROBOTS_KEY}' list: no robot is known by its serial numbers`
        : `${file}: '${LEGACY_ROBOTS_KEY}' is the old key; B-Human reads '${ROBOTS_KEY}'`,
    );
  }
  if (list === undefined) return { robots: [], warnings };
  if (list.kind !== 'array') return { robots: [], warnings: [...warnings, `${file}: '${ROBOTS_KEY}' is not a list`] };
  const literal = (node: ConfigNode | undefined): string => (node?.kind === 'literal' ? node.text : '');
  const robots = list.elements.flatMap((element) => {
    if (element.kind !== 'record') return [];
    const get = (key: string): string => literal(element.entries.find((e) => e.key === key)?.value);
    return [
      { name: get('name'), robotType: get('robotType') || 'nao', headId: get('headId'), bodyId: get('bodyId') },
    ].filter((r) => r.name);
  });
  return { robots, warnings };
}

/** The names of this robot's head and body. */
export interface RobotIdentity {
  headName: string;
  bodyName: string;
  headId?: string;
  bodyId?: string;
}

/** Resolves the names from LoLA's RobotConfig strings, the robots.cfg entries and the hostname. */
export function resolveIdentity(
  robotConfig: readonly string[] | undefined,
  robots: readonly RobotEntry[],
  hostname: string,
): RobotIdentity {
  const bodyId = robotConfig?.[0] || undefined;
  const headId = robotConfig?.[2] || undefined;
  // The hostname's first label, as robots are usually named "<name>" or "<name>.local".
  const headName = robots.find((r) => headId && r.headId === headId)?.name ?? (hostname.split('.')[0] || 'Nao');
  const bodyName = robots.find((r) => bodyId && r.bodyId === bodyId)?.name ?? headName;
  return { headName, bodyName, headId, bodyId };
}
