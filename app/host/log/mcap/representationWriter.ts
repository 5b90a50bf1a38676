/**
 * @file Every logged representation as it is, for Foxglove's Raw Messages and Plot panels: `/<thread>/<Name>`
 * with the representation decoded under the log's own type info (our declarations for a log without one) as JSON,
 * with a JSON schema derived from that type info. Enums are written as their constant names. Camera images are
 * left to the camera writer (which runs first and takes them). A representation logged with the same bytes as the
 * last time in its thread is not decoded again: its JSON is reused (see repeatedJson.ts).
 */
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import { typeInfoFromTypes } from '@robot-runtime/protocol/typeInfo/fromTypes';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import { jsonSchemaOf, toJson } from '../jsonSchema';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import type { McapSchema } from './McapSink';
import { RepeatCache } from './repeatedJson';

/** Our declarations, for logs without type info. */
let ownTypeInfo: TypeInfo | undefined;
function fallbackTypeInfo(): TypeInfo {
  ownTypeInfo ??= typeInfoFromTypes(allRepresentations as unknown as AnyType[]);
  return ownTypeInfo;
}

/** Representations that other writers export in a better form and that are too large to repeat as JSON. */
const LEFT_OUT = new Set(['CameraImage']);

/** Logged representations as JSON. */
export class RepresentationWriter implements ChannelWriter {
  private readonly schemas = new Map<string, McapSchema>();
  /** JSON of the last message per topic. */
  private readonly json = new RepeatCache<string>();

  async frame(f: ExportFrame, context: ExportContext): Promise<void> {
    for (const m of f.frame.messages) {
      const rep = representationForMessageId(m.id);
      if (!rep || LEFT_OUT.has(rep)) continue;
      const logInfo = context.log.typeInfo;
      const info = logInfo?.classes.has(rep)
        ? logInfo
        : fallbackTypeInfo().classes.has(rep)
          ? fallbackTypeInfo()
          : undefined;
      if (!info) continue;
      const topic = `/${f.thread}/${rep}`;
      let json = this.json.get(topic, m.payload);
      if (json === undefined) {
        let value: unknown;
        try {
          value = genericCodec(info, rep).read(new InBinary(m.payload));
        } catch {
          if (!f.isTaken(m)) context.skip(`${rep} (undecodable)`);
          f.take(m);
          continue;
        }
        json = this.json.set(topic, m.payload, JSON.stringify(toJson(value)));
      }
      f.take(m);
      let schema = this.schemas.get(rep);
      if (!schema) this.schemas.set(rep, (schema = { name: rep, json: { ...jsonSchemaOf(info, rep), title: rep } }));
      await context.sink.writeJson(topic, schema, json, f.time);
    }
  }
}
