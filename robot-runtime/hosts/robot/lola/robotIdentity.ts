/**
 * @file Which robot this is: the head and body names that select Robots/<head>/ and Robots/<body>/ in the
 * configuration search path. The serial numbers come from LoLA's RobotConfig (body id, body version, head id,
 * head version) and are looked up in Robots/robots.cfg; a head not listed is named by the hostname, a body not
 * listed takes the head's name.
 */
import { parseConfig, type ConfigNode } from '../../../protocol/configMap';

/** One entry of robots.cfg. */
export interface RobotEntry {
  name: string;
  headId: string;
  bodyId: string;
}

/** The entries of a robots.cfg text (`robots = [{ name = …; headId = "…"; bodyId = "…"; }, …];`). */
export function parseRobotsCfg(text: string, file = 'Robots/robots.cfg'): RobotEntry[] {
  const root = parseConfig(text, file);
  const list = root.entries.find((e) => e.key === 'robots')?.value;
  if (list?.kind !== 'array') return [];
  const literal = (node: ConfigNode | undefined): string => (node?.kind === 'literal' ? node.text : '');
  return list.elements.flatMap((element) => {
    if (element.kind !== 'record') return [];
    const get = (key: string): string => literal(element.entries.find((e) => e.key === key)?.value);
    return [{ name: get('name'), headId: get('headId'), bodyId: get('bodyId') }].filter((r) => r.name);
  });
}

/** The names of this robot's head and body. */
export interface RobotIdentity {
  headName: string;
  bodyName: string;
  headId?: string;
  bodyId?: string;
}

/** Resolves the names from LoLA's RobotConfig strings, the robots.cfg entries and the hostname. */
export function resolveIdentity(robotConfig: readonly string[] | undefined, robots: readonly RobotEntry[], hostname: string): RobotIdentity {
  const bodyId = robotConfig?.[0] || undefined;
  const headId = robotConfig?.[2] || undefined;
  // The hostname's first label, as robots are usually named "<name>" or "<name>.local".
  const headName = robots.find((r) => headId && r.headId === headId)?.name ?? (hostname.split('.')[0] || 'Nao');
  const bodyName = robots.find((r) => bodyId && r.bodyId === bodyId)?.name ?? headName;
  return { headName, bodyName, headId, bodyId };
}
