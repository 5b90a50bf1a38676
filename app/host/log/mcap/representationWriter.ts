/**
 * @file Every logged representation as it is, for Foxglove's Raw Messages and Plot panels: `/<thread>/<Name>`.
 * Where ROS 1 can describe its streaming (ros1Definition.ts, nearly every representation), the logged bytes are
 * written unchanged with a `ros1msg` schema generated from the log's own type info (our declarations for a log
 * without one): exact, and no cost but a copy. The rest are decoded and written as JSON with a JSON schema derived
 * from the type info, enums as their constant names; such a representation logged with the same bytes as the last
 * time in its thread is not decoded again (its JSON is reused, see repeatedJson.ts). Camera images are left to the
 * camera writer (which runs first and takes them).
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
import { ros1Schema } from './ros1Definition';

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
      const schema = this.schemaOf(info, rep);
      if (schema.ros1 !== undefined) {
        // Checked as a decode would check it (without building the value): what does not decode is not written.
        try {
          genericCodec(info, rep).skip(new InBinary(m.payload));
        } catch {
          if (!f.isTaken(m)) context.skip(`${rep} (undecodable)`);
          f.take(m);
          continue;
        }
        f.take(m);
        await context.sink.writeBytes(topic, schema, m.payload, f.time);
        continue;
      }
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
      await context.sink.writeJson(topic, schema, json, f.time);
    }
  }

  /** The schema of `rep`'s channels: its ROS 1 definition where there is one, else a JSON schema. */
  private schemaOf(info: TypeInfo, rep: string): McapSchema {
    let schema = this.schemas.get(rep);
    if (!schema) {
      const ros1 = ros1Schema(info, rep);
      schema = ros1
        ? { name: ros1.name, json: {}, ros1: ros1.definition }
        : { name: rep, json: { ...jsonSchemaOf(info, rep), title: rep } };
      this.schemas.set(rep, schema);
    }
    return schema;
  }
}
