import { OutBinary } from '../binary/OutBinary';
import { payloadReader } from './payload';

/** One module as the module table lists it. */
export interface ModuleTableEntry {
  name: string;
  /** Representations it requires or uses. */
  requirements: string[];
  /** Representations it can provide. */
  provisions: string[];
}

/**
 * Payload of idModuleTable: every module, then the current thread Configuration. The configuration bytes are passed
 * through opaque here; the Configuration type (core/config) decodes them, which protocol must not import.
 */
export interface ModuleTable {
  modules: ModuleTableEntry[];
  configuration: Uint8Array;
}

function writeNames(out: OutBinary, names: readonly string[]): void {
  out.uint32(names.length);
  for (const n of names) out.string(n);
}

/** Encodes `uint32 n; (string name, uint32 nReq + names, uint32 nProv + names)×n; Configuration`. */
export function encodeModuleTable(table: ModuleTable): Uint8Array {
  const out = new OutBinary(256 + table.configuration.length);
  out.uint32(table.modules.length);
  for (const m of table.modules) {
    out.string(m.name);
    writeNames(out, m.requirements);
    writeNames(out, m.provisions);
  }
  out.bytes(table.configuration);
  return out.toBytes();
}

/** Decodes an idModuleTable payload (configuration bytes are a view); throws StreamError when malformed. */
export function decodeModuleTable(payload: Uint8Array, baseOffset = 0): ModuleTable {
  const inp = payloadReader(payload, baseOffset);
  const readNames = (what: string): string[] => {
    const n = inp.count(4, what);
    const names: string[] = [];
    for (let i = 0; i < n; i++) names.push(inp.string());
    return names;
  };
  // A module is at least a name length and two counts.
  const n = inp.count(12, 'module');
  const modules: ModuleTableEntry[] = [];
  for (let i = 0; i < n; i++) {
    const name = inp.string();
    const requirements = readNames('requirement');
    modules.push({ name, requirements, provisions: readNames('provision') });
  }
  return { modules, configuration: inp.bytesView(inp.remaining) };
}
