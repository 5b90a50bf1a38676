import { MESSAGE_ID_ENUM, messageIdNames } from '../../protocol/messages/MessageIDs';
import { typeInfoFromTypes, typeInfoToBytes } from '../../protocol/typeInfo';
import { defineEnum, type AnyType } from '../../protocol/types';
import { ConfigurationType } from '../config/Configuration';
import type { AnyModuleDefinition } from '../module/ModuleGraph';

/** The message ids as an enum (constant index = id), as B-Human's TypeInfo lists them: consoles map ids by name. */
const MessageIdEnum = defineEnum(MESSAGE_ID_ENUM, messageIdNames);

/**
 * The TypeInfo a robot sends for `automated requests:TypeInfo`: every representation its modules mention, every
 * module parameter class, the Configuration and the message ids, so the console can decode and edit all of them
 * generically and match message ids by name.
 */
export function robotTypeInfoBytes(
  modules: readonly AnyModuleDefinition[],
  extra: readonly AnyType[] = [],
): Uint8Array {
  const roots: AnyType[] = [ConfigurationType as AnyType, MessageIdEnum as AnyType, ...extra];
  for (const m of modules) {
    for (const r of [...m.requires, ...m.uses, ...m.provides]) roots.push(r as AnyType);
    if (m.parameters) roots.push(m.parameters as AnyType);
  }
  return typeInfoToBytes(typeInfoFromTypes(roots));
}
