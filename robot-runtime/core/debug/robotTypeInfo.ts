import { typeInfoFromTypes, typeInfoToBytes } from '../../protocol/typeInfo';
import type { AnyType } from '../../protocol/types';
import { ConfigurationType } from '../config/Configuration';
import type { AnyModuleDefinition } from '../module/ModuleGraph';

/**
 * The TypeInfo a robot sends for `automated requests:TypeInfo`: every representation its modules mention, every
 * module parameter class and the Configuration, so the console can decode and edit all of them generically.
 */
export function robotTypeInfoBytes(modules: readonly AnyModuleDefinition[], extra: readonly AnyType[] = []): Uint8Array {
  const roots: AnyType[] = [ConfigurationType as AnyType, ...extra];
  for (const m of modules) {
    for (const r of [...m.requires, ...m.uses, ...m.provides]) roots.push(r as AnyType);
    if (m.parameters) roots.push(m.parameters as AnyType);
  }
  return typeInfoToBytes(typeInfoFromTypes(roots));
}
