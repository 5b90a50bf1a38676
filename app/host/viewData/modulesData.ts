/**
 * @file The module table as the module graph view needs it: modules with requirements and provisions, the
 * default representations and each thread's providers (formats §4.4).
 */
import type { ModuleTableState } from '../console/state/RobotModel';
import type { ModulesData } from '../../ipc/viewData';

/** The `modules` stream item of a module table. */
export function modulesData(table: ModuleTableState): ModulesData {
  return {
    kind: 'modules',
    modules: table.modules.map((m) => ({
      name: m.name,
      requirements: [...m.requirements],
      provisions: [...m.provisions],
    })),
    defaultRepresentations: [...table.configuration.defaultRepresentations],
    threads: table.configuration.threads.map((t) => ({
      name: t.name,
      providers: t.representationProviders.map((p) => ({ representation: p.representation, provider: p.provider })),
    })),
  };
}
