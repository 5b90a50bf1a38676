/**
 * @file The representations a log can carry: those with a data message id (representation X is logged as idX,
 * formats §2.3). LogDataProvider provides every one of them, as B-Human's does, so that `mr X LogDataProvider`
 * and `log mr` work for whatever a log holds.
 */
import type { Representation } from '../core/representation';
import { messageIdForRepresentation } from '../protocol/messages/MessageIDs';
import { allRepresentations } from './allRepresentations';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const loggableRepresentations: readonly Representation<any, string>[] = allRepresentations.filter(
  (r) => messageIdForRepresentation(r.typeName) !== undefined,
);
