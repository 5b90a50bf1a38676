/**
 * @file Where a request enters the host: checked against its channel's schema (app/ipc) before anything acts on
 * it. The renderer is untrusted (a page may be compromised), so every field is checked for type and size, unknown
 * fields are dropped, and a bad request fails with a message naming the field, never a crash. Ajv compiles each
 * schema once, on its channel's first request.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { BRIDGE_REQUESTS, type RequestChannel } from '@app/ipc/channels';
import type { RequestOf } from '@app/ipc/messages';
import { MAX_JSON_LENGTH } from '@app/ipc/schema';

const ajv = new Ajv({
  // Unknown fields are removed, as the hand-written checks did: nothing but the declared fields reaches a handler.
  removeAdditional: 'all',
  // NaN and ±Infinity (structured clone carries them; JSON does not) are no numbers here.
  strictNumbers: true,
  // A union of objects checks only the branch its tag names (and so drops unknown fields from that one alone).
  discriminator: true,
  allErrors: false,
});

/** The `maxJsonLength` keyword: whether `data`'s JSON text has at most `limit` characters. */
function maxJsonLength(limit: number, data: unknown): boolean {
  let length: number;
  try {
    length = JSON.stringify(data).length;
  } catch {
    length = Infinity; // not JSON data (a cycle or a BigInt that came through structured clone)
  }
  if (length <= limit) return true;
  maxJsonLength.errors = [
    { keyword: MAX_JSON_LENGTH, params: { limit }, message: `must be JSON of at most ${limit} characters` },
  ];
  return false;
}
const NO_ERRORS: Partial<ErrorObject>[] = [];
maxJsonLength.errors = NO_ERRORS;

ajv.addKeyword({
  keyword: MAX_JSON_LENGTH,
  type: 'object',
  schemaType: 'number',
  errors: true,
  validate: maxJsonLength,
});

/** What Ajv's errors may carry in `params`, by keyword. */
interface ErrorParams {
  readonly missingProperty?: string;
  readonly allowedValues?: readonly unknown[];
  /** Discriminator: the tag field, its value, and whether it was absent (`tag`) or unknown (`mapping`). */
  readonly tag?: string;
  readonly tagValue?: unknown;
  readonly error?: 'tag' | 'mapping';
}

/** The field an error is about, as a path (`action.frame`), or `payload` for the request itself. */
function field(error: ErrorObject): string {
  const params: ErrorParams = error.params ?? {};
  const path = error.instancePath.split('/').slice(1);
  if (params.missingProperty !== undefined) path.push(params.missingProperty);
  if (error.keyword === 'discriminator' && params.tag !== undefined) path.push(params.tag);
  return path.length === 0 ? 'payload' : path.join('.');
}

/** One sentence for the first error (with Ajv's failed alternatives before an `anyOf`), naming the field. */
function describe(errors: readonly ErrorObject[]): string {
  const error = errors.find((e) => e.keyword === 'anyOf') ?? errors[0];
  if (!error) return 'payload is malformed';
  const params: ErrorParams = error.params ?? {};
  const name = field(error);
  if (params.missingProperty !== undefined) return `${name} is missing`;
  if (error.keyword === 'enum' && params.allowedValues)
    return `${name} must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'discriminator')
    return params.error === 'tag'
      ? `${name} is missing or not a string`
      : `${name} ${JSON.stringify(params.tagValue)} is not one of the known kinds`;
  if (error.keyword === 'anyOf') {
    const tried = errors
      .filter((e) => e !== error && e.instancePath === error.instancePath)
      .map((e) => (e.keyword === 'const' ? `must be ${JSON.stringify(e.params.allowedValue)}` : e.message));
    return `${name} ${[...new Set(tried)].join(' or ')}`;
  }
  return `${name} ${error.message ?? 'is malformed'}`;
}

/** Returns `payload` typed for `channel` when it is well-formed (with unknown fields removed); throws otherwise. */
export function validateRequest<C extends RequestChannel>(channel: C, payload: unknown): RequestOf<C> {
  const contract = Object.hasOwn(BRIDGE_REQUESTS, channel) ? BRIDGE_REQUESTS[channel] : undefined;
  if (!contract) throw new Error(`Bad request: no channel ${String(channel)}`);
  // Compiled on a channel's first request, once: Ajv keeps each compiled schema and finds it by the schema object.
  const validate = ajv.compile<RequestOf<C>>(contract.request);
  if (!validate(payload)) throw new Error(`Bad request on ${channel}: ${describe(validate.errors ?? [])}`);
  return payload;
}
