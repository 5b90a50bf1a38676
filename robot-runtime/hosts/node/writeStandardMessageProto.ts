/**
 * @file `npm run proto`: writes `docs/standardMessage.proto`, the copy of the standard team message's schema that
 * other teams read, from the one declaration the runtime parses (`protocol/standardMessage/schema.ts`).
 */
import fs from 'node:fs';
import { STANDARD_MESSAGE_PROTO } from '../../protocol/standardMessage/schema';

fs.writeFileSync(new URL('../../../docs/standardMessage.proto', import.meta.url), STANDARD_MESSAGE_PROTO);
